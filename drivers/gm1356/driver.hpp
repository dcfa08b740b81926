#pragma once

#include <memory>
#include <optional>

#include "drivers/gm1356/codec.hpp"
#include "drivers/sound/sound_meter_device.hpp"
#include "drivers/usb/usb_transport.hpp"

namespace wattbench::drivers::gm1356 {

// A GM1356 over HID interrupt reports. open() sends the profile's configuration until the
// meter acknowledges it, then reads one level to check the meter reports those settings. Each
// poll is one request report and its answer.
class Gm1356Device : public sound::SoundMeterDevice<usb::UsbTransport> {
public:
    Gm1356Device(sound::Settings settings, std::optional<int> range,
                 std::unique_ptr<usb::UsbTransport> transport);

    std::optional<api::DeviceError> open() override;
    api::PollResult poll(std::chrono::steady_clock::time_point deadline) override;
    api::DeviceIdentity identity() const override { return identity_; }

private:
    std::variant<Level, api::DeviceError> read_level(std::chrono::milliseconds timeout);
    Report next_request();

    Settings wanted_;
    api::DeviceIdentity identity_;
    std::uint32_t random_;
    Report last_request_{};
};

}  // namespace wattbench::drivers::gm1356
