#include "drivers/hwmon/register.hpp"

#include "drivers/hwmon/hwmon_device.hpp"
#include "drivers/hwmon/settings.hpp"

namespace wattbench::drivers::hwmon {

namespace {

std::variant<std::unique_ptr<api::Device>, api::DeviceError> create_device(
    api::DeviceConfig& config) {
    auto parsed = parse_settings(config);
    if (auto* e = std::get_if<api::DeviceError>(&parsed)) {
        return *e;
    }
    return std::make_unique<HwmonDevice>(std::get<Settings>(std::move(parsed)));
}

}  // namespace

api::DriverInfo driver_info() {
    return api::DriverInfo{
        "hwmon",        "Linux hwmon: every temperature, fan, voltage, current and power input",
        "sysfs",        "hwmon://local",
        &create_device,
    };
}

}  // namespace wattbench::drivers::hwmon
