#include "drivers/tondaj/register.hpp"

#include "drivers/api/factory_for.hpp"
#include "drivers/tondaj/driver.hpp"
#include "drivers/transport/connection_part.hpp"

namespace wattbench::drivers::tondaj {

api::DriverInfo driver_info() {
    transport::SerialSettings defaults;  // 9600 8E1
    defaults.parity = transport::Parity::even;
    return api::DriverInfo{"tondaj-sl-814", "Tondaj SL-814 sound level meter (polled)",
                           "serial, tcp", "serial:///dev/ttyUSB0?baud=9600&format=8E1",
                           api::factory_for<TondajDevice>(&sound::take_settings,
                                                          transport::connection_part(defaults))};
}

}  // namespace wattbench::drivers::tondaj
