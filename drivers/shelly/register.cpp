#include "drivers/shelly/register.hpp"

#include "drivers/api/factory_for.hpp"
#include "drivers/shelly/shelly_device.hpp"

namespace wattbench::drivers::shelly {

api::DriverInfo driver_info() {
    return api::DriverInfo{
        "shelly", "Shelly smart plug or relay with a power meter (Gen1, Gen2/Gen3 RPC)",
        "HTTP (libcurl)", "http://192.0.2.50", api::factory_for<ShellyDevice>(&parse_settings)};
}

}  // namespace wattbench::drivers::shelly
