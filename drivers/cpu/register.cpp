#include "drivers/cpu/register.hpp"

#include "drivers/api/factory_for.hpp"
#include "drivers/cpu/cpu_device.hpp"
#include "drivers/cpu/settings.hpp"

namespace wattbench::drivers::cpu {

api::DriverInfo driver_info() {
    return api::DriverInfo{
        "cpu", "CPU utilisation (total and per CPU) and clock from /proc/stat and cpufreq",
        "procfs, sysfs", "cpu://local", api::factory_for<CpuDevice>(&parse_settings)};
}

}  // namespace wattbench::drivers::cpu
