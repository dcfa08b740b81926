#include "drivers/wensn/driver.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace wattbench::drivers::wensn {
namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

constexpr auto kSetupTimeout = 1000ms;

api::DeviceError as_unreachable(api::DeviceError e) {
    if (e.kind != api::ErrorKind::config) {
        e.kind = api::ErrorKind::unreachable;
    }
    return e;
}

std::string describe_mode(const Mode& m) {
    return range_bounds(m.range).text() + ", " + sound::to_string(m.weighting) + " weighting, " +
           sound::to_string(m.time) + (m.max_hold ? ", max hold" : "");
}

}  // namespace

WensnDevice::WensnDevice(sound::Settings settings, std::optional<int> range,
                         std::unique_ptr<usb::UsbTransport> transport)
    : settings_(settings),
      range_(range),
      transport_(std::move(transport)),
      channels_{sound::spl_channel(settings.weighting)} {}

std::variant<Mode, api::DeviceError> WensnDevice::read_mode() {
    auto r = transport_->control_in(read_mode_request(), kSetupTimeout);
    if (auto* e = std::get_if<api::DeviceError>(&r)) {
        return *e;
    }
    auto m = decode_mode(std::get<usb::Bytes>(r));
    if (auto* text = std::get_if<std::string>(&m)) {
        return api::DeviceError{api::ErrorKind::protocol,
                                transport_->name() + ": not a WS1361 mode answer: " + *text};
    }
    return std::get<Mode>(m);
}

std::optional<api::DeviceError> WensnDevice::open() {
    if (auto e = transport_->open()) {
        return e;
    }
    auto fail = [this](api::DeviceError e) {
        transport_->close();
        return as_unreachable(std::move(e));
    };
    auto current = read_mode();
    if (auto* e = std::get_if<api::DeviceError>(&current)) {
        return fail(*e);
    }
    Mode wanted = std::get<Mode>(current);
    wanted.weighting = settings_.weighting;
    wanted.time = settings_.time_weighting.value_or(wanted.time);
    wanted.range = range_.value_or(wanted.range);
    wanted.max_hold = false;  // a held maximum is not a level over time
    if (wanted != std::get<Mode>(current)) {
        auto r = transport_->control_in(set_mode_request(wanted), kSetupTimeout);
        if (auto* e = std::get_if<api::DeviceError>(&r)) {
            return fail(*e);
        }
        auto back = read_mode();
        if (auto* e = std::get_if<api::DeviceError>(&back)) {
            return fail(*e);
        }
        if (std::get<Mode>(back) != wanted) {
            transport_->close();
            return api::DeviceError{api::ErrorKind::config,
                                    transport_->name() + ": the meter did not take " +
                                        describe_mode(wanted) + "; it reads back " +
                                        describe_mode(std::get<Mode>(back))};
        }
        mode_ = std::get<Mode>(back);
    } else {
        mode_ = wanted;
    }
    const auto strings = transport_->strings();
    announce_ = true;
    identity_ = {strings.manufacturer.empty() ? "Wensn" : strings.manufacturer,
                 strings.product.empty() ? "WS1361" : strings.product, strings.serial, ""};
    return std::nullopt;
}

api::PollResult WensnDevice::poll(Clock::time_point deadline) {
    api::PollResult result;
    if (!transport_->is_open()) {
        result.error =
            api::DeviceError{api::ErrorKind::link_lost, transport_->name() + ": not open"};
        return result;
    }
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    auto r = transport_->control_in(read_level_request(), std::clamp(left, 50ms, 2000ms));
    if (auto* e = std::get_if<api::DeviceError>(&r)) {
        result.error = *e;
        return result;
    }
    auto level = decode_level(std::get<usb::Bytes>(r));
    if (auto* text = std::get_if<std::string>(&level)) {
        result.error =
            api::DeviceError{api::ErrorKind::protocol, transport_->name() + ": " + *text};
        return result;
    }
    const Level& l = std::get<Level>(level);
    if (auto mismatch = sound::weighting_mismatch(settings_, l.mode.weighting, l.mode.time)) {
        // Someone pressed a button on the meter: the number is no longer what the unit says.
        api::Reading bad{0, l.db, api::Status::error, *mismatch};
        result.readings.push_back(std::move(bad));
        return result;
    }
    result.readings.push_back(sound::level_reading(0, l.db, range_bounds(l.mode.range)));
    if (announce_) {
        announce_ = false;
        const auto r = range_bounds(l.mode.range);
        result.notices.push_back(sound::settings_notice(settings_, l.mode.weighting, l.mode.time,
                                                        fmt::format("{:g}-{:g}", r.low, r.high)));
    }
    return result;
}

void WensnDevice::close() {
    if (transport_) {
        transport_->close();
    }
}

}  // namespace wattbench::drivers::wensn
