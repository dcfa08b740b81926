#pragma once

#include <memory>
#include <optional>

#include "drivers/api/device.hpp"
#include "drivers/sound/settings.hpp"
#include "drivers/usb/usb_transport.hpp"
#include "drivers/wensn/codec.hpp"

namespace wattbench::drivers::wensn {

// A WS1361/WS1381 polled with one control transfer per grid tick. open() reads the meter's
// mode, sets the profile's weighting, time weighting and range where they differ (max hold
// always off) and reads the mode back: a meter that did not take them is a config error.
class WensnDevice : public api::Device {
public:
    WensnDevice(sound::Settings settings, std::optional<int> range,
                std::unique_ptr<usb::UsbTransport> transport);
    ~WensnDevice() override { close(); }

    const std::vector<api::ChannelSpec>& channels() const override { return channels_; }
    std::optional<api::DeviceError> open() override;
    api::PollResult poll(std::chrono::steady_clock::time_point deadline) override;
    void close() override;
    api::DeviceIdentity identity() const override { return identity_; }

    // The mode read back at the last open().
    const Mode& mode() const { return mode_; }

private:
    std::variant<Mode, api::DeviceError> read_mode();

    sound::Settings settings_;
    std::optional<int> range_;
    std::unique_ptr<usb::UsbTransport> transport_;
    std::vector<api::ChannelSpec> channels_;
    api::DeviceIdentity identity_;
    Mode mode_;
    bool announce_ = false;  // the settings notice goes out with the first poll after open
};

}  // namespace wattbench::drivers::wensn
