#pragma once

#include <optional>
#include <string>
#include <vector>

#include "drivers/common/local_device.hpp"
#include "drivers/hwmon/settings.hpp"

namespace wattbench::drivers::hwmon {

// Every temperature, fan, voltage, current and power input under /sys/class/hwmon, found at
// open(); each poll reads the input files again.
class HwmonDevice final : public common::LocalDevice {
public:
    explicit HwmonDevice(Settings settings) : settings_(std::move(settings)) {}

    std::optional<api::DeviceError> open() override;

private:
    api::PollResult read() override;
    std::optional<api::DeviceError> discover();

    struct Input {
        std::string path;
        double scale = 1.0;
    };

    Settings settings_;
    std::vector<Input> inputs_;  // parallel to channels_
};

}  // namespace wattbench::drivers::hwmon
