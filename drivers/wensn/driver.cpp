#include "drivers/wensn/driver.hpp"

#include <algorithm>

#include "drivers/usb/usb_identity.hpp"

namespace wattbench::drivers::wensn {
namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

constexpr auto kSetupTimeout = 1000ms;

std::string describe_mode(const Mode& m) {
    return range_bounds(m.range).text() + ", " + sound::to_string(m.weighting) + " weighting, " +
           sound::to_string(m.time) + (m.max_hold ? ", max hold" : "");
}

}  // namespace

WensnDevice::WensnDevice(sound::Settings settings, std::optional<int> range,
                         std::unique_ptr<usb::UsbTransport> transport)
    : SoundMeterDevice(settings, std::move(transport)), range_(range) {}

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
    auto current = read_mode();
    if (auto* e = std::get_if<api::DeviceError>(&current)) {
        return fail_open(*e);
    }
    Mode wanted = std::get<Mode>(current);
    wanted.weighting = settings_.weighting;
    wanted.time = settings_.time_weighting.value_or(wanted.time);
    wanted.range = range_.value_or(wanted.range);
    wanted.max_hold = false;  // a held maximum is not a level over time
    if (wanted != std::get<Mode>(current)) {
        auto r = transport_->control_in(set_mode_request(wanted), kSetupTimeout);
        if (auto* e = std::get_if<api::DeviceError>(&r)) {
            return fail_open(*e);
        }
        auto back = read_mode();
        if (auto* e = std::get_if<api::DeviceError>(&back)) {
            return fail_open(*e);
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
    announce_settings();
    identity_ = usb::usb_identity(transport_->strings(), "Wensn", "WS1361");
    return std::nullopt;
}

api::PollResult WensnDevice::poll(Clock::time_point deadline) {
    auto result = start_poll();
    if (result.error) {
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
    // A button pressed on the meter makes the number no longer what the unit says.
    add_measurement(result, l.db, l.mode.weighting, l.mode.time, range_bounds(l.mode.range));
    return result;
}

}  // namespace wattbench::drivers::wensn
