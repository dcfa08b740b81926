#include "drivers/cem/driver.hpp"

#include <algorithm>

namespace wattbench::drivers::cem {
namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

// Status tokens come at least twice a second (libsigrok waits 510 ms for them); a second
// covers two rounds and a command's effect.
constexpr auto kStatusWait = 1500ms;
constexpr int kToggleAttempts = 3;
// How long the meter takes to act on a command before its tokens reflect it.
constexpr auto kSettle = 300ms;

const common::Scanner scanner = [](std::span<const std::uint8_t> b) { return scan_packet(b); };

}  // namespace

CemDevice::CemDevice(sound::Settings settings, std::unique_ptr<transport::Transport> transport)
    : SoundMeterDevice(settings, std::move(transport)), reader_(*transport_) {}

std::optional<api::DeviceError> CemDevice::read_until(const std::function<bool()>& done,
                                                      Clock::time_point deadline) {
    while (!done()) {
        auto frame = reader_.read_frame(scanner, deadline);
        if (auto* e = std::get_if<api::DeviceError>(&frame)) {
            return *e;
        }
        auto r = apply_packet(state_, std::get<std::vector<std::uint8_t>>(frame));
        if (auto* level = std::get_if<std::optional<double>>(&r); level && *level) {
            ++measurements_;
        }
    }
    return std::nullopt;
}

std::optional<api::DeviceError> CemDevice::toggle_until(std::uint8_t command,
                                                        const std::function<bool()>& done,
                                                        const char* what) {
    for (int attempt = 0; attempt < kToggleAttempts && !done(); ++attempt) {
        const std::uint8_t byte = command;
        if (auto e = transport_->write(std::span(&byte, 1), Clock::now() + 1s)) {
            return e;
        }
        // Status tokens already on their way still tell the old setting: let them pass, then
        // forget the setting and wait to be told it again. Toggling on stale news would flip
        // the meter back.
        auto e = read_until([] { return false; }, Clock::now() + kSettle);
        if (e && e->kind != api::ErrorKind::timeout) {
            return e;
        }
        if (command == kToggleWeighting) {
            state_.weighting.reset();
        } else {
            state_.time.reset();
        }
        e = read_until(
            [&] {
                return command == kToggleWeighting ? state_.weighting.has_value()
                                                   : state_.time.has_value();
            },
            Clock::now() + kStatusWait);
        if (e && e->kind != api::ErrorKind::timeout) {
            return e;
        }
        if (e) {
            return api::DeviceError{api::ErrorKind::unreachable,
                                    transport_->name() + ": no status after a command"};
        }
    }
    if (!done()) {
        return api::DeviceError{api::ErrorKind::config,
                                transport_->name() + ": the meter did not switch to " + what};
    }
    return std::nullopt;
}

std::optional<api::DeviceError> CemDevice::open() {
    if (auto e = transport_->open()) {
        return e;
    }
    reader_.reset();
    state_ = {};
    measurements_ = 0;
    const bool want_time = settings_.time_weighting.has_value();
    if (auto e = read_until(
            [&] { return measurements_ > 0 && state_.weighting && (!want_time || state_.time); },
            Clock::now() + kStatusWait)) {
        if (e->kind != api::ErrorKind::timeout || measurements_ == 0) {
            return fail_open(
                {e->kind, e->message + " (waiting for the meter's measurement stream)"});
        }
        // Measurements but no status tokens: nothing to switch by or check against. Taken as
        // set as asked, and said so in events.log with the first poll.
    }
    unverified_.clear();
    if (state_.weighting) {
        const std::string weighting_text =
            std::string(sound::to_string(settings_.weighting)) + " weighting";
        if (auto e = toggle_until(
                kToggleWeighting, [&] { return state_.weighting == settings_.weighting; },
                weighting_text.c_str())) {
            return fail_open(*e);
        }
    } else {
        unverified_ = "weighting";
    }
    if (want_time && state_.time) {
        const std::string time_text =
            std::string(sound::to_string(*settings_.time_weighting)) + " time weighting";
        if (auto e = toggle_until(
                kToggleTimeWeighting, [&] { return state_.time == settings_.time_weighting; },
                time_text.c_str())) {
            return fail_open(*e);
        }
    } else if (want_time) {
        unverified_ += unverified_.empty() ? "time weighting" : " and time weighting";
    }
    announce_settings();
    return std::nullopt;
}

api::PollResult CemDevice::poll(Clock::time_point deadline) {
    auto result = start_poll();
    if (result.error) {
        return result;
    }
    deadline = std::min(deadline, Clock::now() + 2s);
    std::optional<double> latest;
    State at_latest;
    std::optional<std::string> bad;
    auto until = deadline;
    for (;;) {
        auto frame = reader_.read_frame(scanner, until);
        if (auto* e = std::get_if<api::DeviceError>(&frame)) {
            if (e->kind == api::ErrorKind::timeout && (latest || bad)) {
                break;
            }
            result.error = *e;
            return result;
        }
        auto r = apply_packet(state_, std::get<std::vector<std::uint8_t>>(frame));
        if (auto* text = std::get_if<std::string>(&r)) {
            bad = *text;
            continue;
        }
        if (const auto& level = std::get<std::optional<double>>(r)) {
            latest = *level;
            at_latest = state_;
            until = Clock::now();  // drain what is buffered, wait no more
        }
    }
    if (!latest) {
        result.error = api::DeviceError{api::ErrorKind::protocol, transport_->name() + ": " + *bad};
        return result;
    }
    const auto weighting = at_latest.weighting.value_or(settings_.weighting);
    if (add_mismatch(result, *latest, weighting, at_latest.time)) {
        return result;
    }
    if (at_latest.hold) {
        result.readings.push_back(
            api::Reading{0, *latest, api::Status::error, "meter in max/min hold"});
        return result;
    }
    if (at_latest.over || at_latest.under) {
        result.readings.push_back(api::Reading{0, *latest, api::Status::overrange,
                                               at_latest.over ? "over range" : "under range"});
        return result;
    }
    if (announcing() && !unverified_.empty()) {
        api::Notice n;
        n.warning = true;
        n.message = transport_->name() + ": the meter sent no " + unverified_ +
                    " tokens; assuming the profile's setting";
        result.notices.push_back(std::move(n));
    }
    add_level(result, *latest, weighting, at_latest.time, at_latest.range);
    return result;
}

}  // namespace wattbench::drivers::cem
