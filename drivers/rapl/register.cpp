#include "drivers/rapl/register.hpp"

#include "drivers/rapl/rapl_device.hpp"
#include "drivers/rapl/settings.hpp"

namespace wattbench::drivers::rapl {

namespace {

std::variant<std::unique_ptr<api::Device>, api::DeviceError> create_device(
    api::DeviceConfig& config) {
    auto parsed = parse_settings(config);
    if (auto* e = std::get_if<api::DeviceError>(&parsed)) {
        return *e;
    }
    return std::make_unique<RaplDevice>(std::get<Settings>(std::move(parsed)));
}

}  // namespace

api::DriverInfo driver_info() {
    return api::DriverInfo{
        "rapl",         "package, core and DRAM power from RAPL energy counters (powercap)",
        "sysfs",        "rapl://local",
        &create_device,
    };
}

}  // namespace wattbench::drivers::rapl
