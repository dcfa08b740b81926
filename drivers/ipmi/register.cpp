#include "drivers/ipmi/register.hpp"

#include "drivers/ipmi/ipmi_device.hpp"
#include "drivers/ipmi/settings.hpp"

namespace wattbench::drivers::ipmi {

namespace {

std::variant<std::unique_ptr<api::Device>, api::DeviceError> create_device(
    api::DeviceConfig& config) {
    auto parsed = parse_settings(config);
    if (auto* e = std::get_if<api::DeviceError>(&parsed)) {
        return *e;
    }
    return std::make_unique<IpmiDevice>(std::get<Settings>(std::move(parsed)));
}

}  // namespace

api::DriverInfo driver_info() {
    return api::DriverInfo{
        "ipmi",
        "any BMC: every sensor with thresholds and states (FreeIPMI)",
        "in-band, IPMI 2.0 LAN",
        "ipmi+lan://admin@192.0.2.10",
        &create_device,
    };
}

}  // namespace wattbench::drivers::ipmi
