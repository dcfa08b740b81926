#include "drivers/ipmi/register.hpp"

#include "drivers/api/factory_for.hpp"
#include "drivers/ipmi/ipmi_device.hpp"
#include "drivers/ipmi/settings.hpp"

namespace wattbench::drivers::ipmi {

api::DriverInfo driver_info() {
    return api::DriverInfo{"ipmi", "any BMC: every sensor with thresholds and states (FreeIPMI)",
                           "in-band, IPMI 2.0 LAN", "ipmi+lan://admin@192.0.2.10",
                           api::factory_for<IpmiDevice>(&parse_settings)};
}

}  // namespace wattbench::drivers::ipmi
