#include "drivers/rapl/register.hpp"

#include "drivers/api/factory_for.hpp"
#include "drivers/rapl/rapl_device.hpp"
#include "drivers/rapl/settings.hpp"

namespace wattbench::drivers::rapl {

api::DriverInfo driver_info() {
    return api::DriverInfo{"rapl",
                           "package, core and DRAM power from RAPL energy counters (powercap)",
                           "sysfs", "rapl://local", api::factory_for<RaplDevice>(&parse_settings)};
}

}  // namespace wattbench::drivers::rapl
