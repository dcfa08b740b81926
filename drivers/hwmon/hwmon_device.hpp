#pragma once

#include <optional>
#include <string>
#include <vector>

#include "drivers/api/device.hpp"
#include "drivers/hwmon/settings.hpp"

namespace wattbench::drivers::hwmon {

// Every temperature, fan, voltage, current and power input under /sys/class/hwmon, found at
// open(); each poll reads the input files again.
class HwmonDevice final : public api::Device {
public:
    explicit HwmonDevice(Settings settings) : settings_(std::move(settings)) {}

    const std::vector<api::ChannelSpec>& channels() const override { return channels_; }
    std::optional<api::DeviceError> open() override;
    api::PollResult poll(std::chrono::steady_clock::time_point deadline) override;
    void close() override { open_ = false; }
    api::DeviceIdentity identity() const override { return identity_; }

private:
    std::optional<api::DeviceError> discover();

    struct Input {
        std::string path;
        double scale = 1.0;
    };

    Settings settings_;
    std::vector<api::ChannelSpec> channels_;
    std::vector<Input> inputs_;  // parallel to channels_
    bool discovered_ = false;
    bool open_ = false;
    api::DeviceIdentity identity_;
};

}  // namespace wattbench::drivers::hwmon
