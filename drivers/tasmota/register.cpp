#include "drivers/tasmota/register.hpp"

#include "drivers/api/factory_for.hpp"
#include "drivers/tasmota/tasmota_device.hpp"

namespace wattbench::drivers::tasmota {

api::DriverInfo driver_info() {
    return api::DriverInfo{"tasmota", "Tasmota plug or relay with an energy monitor (HTTP /cm)",
                           "HTTP (libcurl)", "http://192.0.2.51",
                           api::factory_for<TasmotaDevice>(&parse_settings)};
}

}  // namespace wattbench::drivers::tasmota
