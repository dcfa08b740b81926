#include "drivers/ptdaemon/register.hpp"

#include "drivers/api/factory_for.hpp"
#include "drivers/ptdaemon/ptd_device.hpp"
#include "drivers/ptdaemon/settings.hpp"

namespace wattbench::drivers::ptdaemon {

api::DriverInfo driver_info() {
    return api::DriverInfo{"ptdaemon",
                           "any analyzer SPEC's PTDaemon drives (its TCP protocol, default port "
                           "8888); PTD's own window figures go into the manifest",
                           "TCP (PTD protocol)", "ptd://127.0.0.1:8888",
                           api::factory_for<PtdDevice>(&parse_settings)};
}

}  // namespace wattbench::drivers::ptdaemon
