#include "drivers/cem/register.hpp"

#include "drivers/api/factory_for.hpp"
#include "drivers/cem/driver.hpp"
#include "drivers/transport/connection_part.hpp"

namespace wattbench::drivers::cem {

api::DriverInfo driver_info() {
    transport::SerialSettings defaults;  // 9600 8N1 (CP2102 bridge in the meter)
    return api::DriverInfo{
        "cem-dt885x", "CEM DT-8852/DT-885x sound level meter (streaming)", "serial, tcp",
        "serial:///dev/ttyUSB0?baud=9600",
        api::factory_for<CemDevice>(&sound::take_settings, transport::connection_part(defaults))};
}

}  // namespace wattbench::drivers::cem
