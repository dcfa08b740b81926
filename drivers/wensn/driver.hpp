#pragma once

#include <memory>
#include <optional>

#include "drivers/sound/sound_meter_device.hpp"
#include "drivers/usb/usb_transport.hpp"
#include "drivers/wensn/codec.hpp"

namespace wattbench::drivers::wensn {

// A WS1361/WS1381 polled with one control transfer per grid tick. open() reads the meter's
// mode, sets the profile's weighting, time weighting and range where they differ (max hold
// always off) and reads the mode back: a meter that did not take them is a config error.
class WensnDevice : public sound::SoundMeterDevice<usb::UsbTransport> {
public:
    WensnDevice(sound::Settings settings, std::optional<int> range,
                std::unique_ptr<usb::UsbTransport> transport);

    std::optional<api::DeviceError> open() override;
    api::PollResult poll(std::chrono::steady_clock::time_point deadline) override;
    api::DeviceIdentity identity() const override { return identity_; }

    // The mode read back at the last open().
    const Mode& mode() const { return mode_; }

private:
    std::variant<Mode, api::DeviceError> read_mode();

    std::optional<int> range_;
    api::DeviceIdentity identity_;
    Mode mode_;
};

}  // namespace wattbench::drivers::wensn
