#include "drivers/tondaj/driver.hpp"

#include <algorithm>

namespace wattbench::drivers::tondaj {
namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

constexpr auto kAnswerTimeout = 1s;
constexpr int kInitAttempts = 3;

const common::Scanner init_scanner = [](std::span<const std::uint8_t> b) {
    return scan_init_reply(b);
};
const common::Scanner reply_scanner = [](std::span<const std::uint8_t> b) { return scan_reply(b); };

}  // namespace

TondajDevice::TondajDevice(sound::Settings settings,
                           std::unique_ptr<transport::Transport> transport)
    : SoundMeterDevice(settings, std::move(transport)), reader_(*transport_) {}

std::variant<Level, api::DeviceError> TondajDevice::read_level(Clock::time_point deadline) {
    // A late answer to an earlier request must not pass for this one.
    reader_.reset();
    if (auto e = transport_->write(kPollRequest, deadline)) {
        return *e;
    }
    auto frame = reader_.read_frame(reply_scanner, deadline);
    if (auto* e = std::get_if<api::DeviceError>(&frame)) {
        return *e;
    }
    auto level = decode_reply(std::get<std::vector<std::uint8_t>>(frame));
    if (auto* text = std::get_if<std::string>(&level)) {
        return api::DeviceError{api::ErrorKind::protocol, transport_->name() + ": " + *text};
    }
    return std::get<Level>(level);
}

std::optional<api::DeviceError> TondajDevice::open() {
    if (auto e = transport_->open()) {
        return e;
    }
    std::optional<api::DeviceError> last;
    bool initialised = false;
    for (int attempt = 0; attempt < kInitAttempts && !initialised; ++attempt) {
        reader_.reset();
        if (auto e = transport_->write(kInitRequest, Clock::now() + kAnswerTimeout)) {
            return fail_open(*e);
        }
        auto frame = reader_.read_frame(init_scanner, Clock::now() + kAnswerTimeout);
        if (auto* e = std::get_if<api::DeviceError>(&frame)) {
            if (e->kind != api::ErrorKind::timeout) {
                return fail_open(*e);
            }
            last = *e;
            continue;
        }
        initialised = true;
    }
    if (!initialised) {
        return fail_open({last->kind, last->message + " (waiting for the 05 0D answer to init)"});
    }
    auto level = read_level(Clock::now() + kAnswerTimeout);
    if (auto* e = std::get_if<api::DeviceError>(&level)) {
        return fail_open(*e);
    }
    const Level& l = std::get<Level>(level);
    if (auto mismatch = sound::weighting_mismatch(settings_, l.weighting, l.time)) {
        transport_->close();
        return api::DeviceError{
            api::ErrorKind::config,
            transport_->name() + ": " + *mismatch + " (the SL-814 is set with its buttons only)"};
    }
    announce_settings();
    return std::nullopt;
}

api::PollResult TondajDevice::poll(Clock::time_point deadline) {
    auto result = start_poll();
    if (result.error) {
        return result;
    }
    auto level = read_level(std::min(deadline, Clock::now() + kAnswerTimeout));
    if (auto* e = std::get_if<api::DeviceError>(&level)) {
        result.error = *e;
        return result;
    }
    const Level& l = std::get<Level>(level);
    add_measurement(result, l.db, l.weighting, l.time, kRange);
    return result;
}

}  // namespace wattbench::drivers::tondaj
