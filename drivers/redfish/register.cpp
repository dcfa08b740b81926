#include "drivers/redfish/register.hpp"

#include "drivers/api/factory_for.hpp"
#include "drivers/redfish/redfish_device.hpp"
#include "drivers/redfish/settings.hpp"

namespace wattbench::drivers::redfish {

api::DriverInfo driver_info() {
    return api::DriverInfo{"redfish",
                           "any Redfish BMC: chassis power, sensors, thresholds, health (HTTPS)",
                           "HTTPS (libcurl)", "redfish://admin@192.0.2.5",
                           api::factory_for<RedfishDevice>(&parse_settings)};
}

}  // namespace wattbench::drivers::redfish
