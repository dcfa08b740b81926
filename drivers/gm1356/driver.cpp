#include "drivers/gm1356/driver.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "drivers/usb/usb_identity.hpp"

namespace wattbench::drivers::gm1356 {
namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

constexpr auto kReplyTimeout = 500ms;
constexpr int kConfigureAttempts = 5;
// Reports read per request before giving up: a late acknowledgement may come first.
constexpr int kReadsPerRequest = 3;

std::string describe(const Settings& s) {
    const auto r = range_bounds(s.range);
    return fmt::format("{}, {} weighting, {}{}", r ? r->text() : fmt::format("range {}", s.range),
                       sound::to_string(s.weighting), sound::to_string(s.time),
                       s.max_hold ? ", max hold" : "");
}

}  // namespace

Gm1356Device::Gm1356Device(sound::Settings settings, std::optional<int> range,
                           std::unique_ptr<usb::UsbTransport> transport)
    : SoundMeterDevice(settings, std::move(transport)),
      random_(static_cast<std::uint32_t>(Clock::now().time_since_epoch().count()) | 1u) {
    wanted_.weighting = settings.weighting;
    wanted_.time = settings.time_weighting.value_or(sound::TimeWeighting::fast);
    wanted_.range = range.value_or(0);
}

Report Gm1356Device::next_request() {
    Report r;
    do {
        // xorshift32: the bytes only need to differ from the previous request's.
        random_ ^= random_ << 13;
        random_ ^= random_ >> 17;
        random_ ^= random_ << 5;
        r = level_request(static_cast<std::uint8_t>(random_),
                          static_cast<std::uint8_t>(random_ >> 8),
                          static_cast<std::uint8_t>(random_ >> 16));
    } while (r == last_request_);
    last_request_ = r;
    return r;
}

std::variant<Level, api::DeviceError> Gm1356Device::read_level(std::chrono::milliseconds timeout) {
    const auto request = next_request();
    if (auto e = transport_->interrupt_out(kOutEndpoint, request, timeout)) {
        return *e;
    }
    std::string last_problem = "no answer";
    for (int i = 0; i < kReadsPerRequest; ++i) {
        auto r = transport_->interrupt_in(kInEndpoint, kReportSize, timeout);
        if (auto* e = std::get_if<api::DeviceError>(&r)) {
            return *e;
        }
        const auto& bytes = std::get<usb::Bytes>(r);
        if (is_configure_ack(bytes)) {
            continue;  // late acknowledgement of the configuration
        }
        auto level = decode_level(bytes);
        if (auto* l = std::get_if<Level>(&level)) {
            return *l;
        }
        last_problem = std::get<std::string>(level);
    }
    return api::DeviceError{api::ErrorKind::protocol, transport_->name() + ": " + last_problem};
}

std::optional<api::DeviceError> Gm1356Device::open() {
    if (auto e = transport_->open()) {
        return e;
    }
    last_request_ = {};
    bool acknowledged = false;
    const auto configure = configure_request(wanted_);
    for (int attempt = 0; attempt < kConfigureAttempts && !acknowledged; ++attempt) {
        if (auto e = transport_->interrupt_out(kOutEndpoint, configure, kReplyTimeout)) {
            if (e->kind != api::ErrorKind::timeout) {
                return fail_open(*e);
            }
            continue;
        }
        auto r = transport_->interrupt_in(kInEndpoint, kReportSize, kReplyTimeout);
        if (auto* e = std::get_if<api::DeviceError>(&r)) {
            if (e->kind != api::ErrorKind::timeout) {
                return fail_open(*e);
            }
            continue;
        }
        acknowledged = is_configure_ack(std::get<usb::Bytes>(r));
    }
    if (!acknowledged) {
        return fail_open({api::ErrorKind::unreachable,
                          fmt::format("{}: no acknowledgement of the configuration after {} tries",
                                      transport_->name(), kConfigureAttempts)});
    }
    auto level = read_level(kReplyTimeout);
    if (auto* e = std::get_if<api::DeviceError>(&level)) {
        return fail_open(*e);
    }
    const Settings back = std::get<Level>(level).settings;
    if (back != wanted_) {
        transport_->close();
        return api::DeviceError{api::ErrorKind::config,
                                transport_->name() + ": the meter did not take " +
                                    describe(wanted_) + "; it reports " + describe(back)};
    }
    announce_settings();
    identity_ = usb::usb_identity(transport_->strings(), "Benetech", "GM1356");
    return std::nullopt;
}

api::PollResult Gm1356Device::poll(Clock::time_point deadline) {
    auto result = start_poll();
    if (result.error) {
        return result;
    }
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    auto level = read_level(std::clamp(left / 2, 50ms, 1000ms));
    if (auto* e = std::get_if<api::DeviceError>(&level)) {
        result.error = *e;
        return result;
    }
    const Level& l = std::get<Level>(level);
    add_measurement(result, l.db, l.settings.weighting, l.settings.time,
                    range_bounds(l.settings.range));
    return result;
}

}  // namespace wattbench::drivers::gm1356
