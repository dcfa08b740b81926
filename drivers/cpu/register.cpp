#include "drivers/cpu/register.hpp"

#include "drivers/cpu/cpu_device.hpp"
#include "drivers/cpu/settings.hpp"

namespace wattbench::drivers::cpu {

namespace {

std::variant<std::unique_ptr<api::Device>, api::DeviceError> create_device(
    api::DeviceConfig& config) {
    auto parsed = parse_settings(config);
    if (auto* e = std::get_if<api::DeviceError>(&parsed)) {
        return *e;
    }
    return std::make_unique<CpuDevice>(std::get<Settings>(std::move(parsed)));
}

}  // namespace

api::DriverInfo driver_info() {
    return api::DriverInfo{
        "cpu",
        "CPU utilisation (total and per CPU) and clock from /proc/stat and cpufreq",
        "procfs, sysfs",
        "cpu://local",
        &create_device,
    };
}

}  // namespace wattbench::drivers::cpu
