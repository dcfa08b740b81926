#include "drivers/hwmon/register.hpp"

#include "drivers/api/factory_for.hpp"
#include "drivers/hwmon/hwmon_device.hpp"
#include "drivers/hwmon/settings.hpp"

namespace wattbench::drivers::hwmon {

api::DriverInfo driver_info() {
    return api::DriverInfo{
        "hwmon", "Linux hwmon: every temperature, fan, voltage, current and power input", "sysfs",
        "hwmon://local", api::factory_for<HwmonDevice>(&parse_settings)};
}

}  // namespace wattbench::drivers::hwmon
