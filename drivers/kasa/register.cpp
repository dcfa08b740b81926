#include "drivers/kasa/register.hpp"

#include "drivers/api/factory_for.hpp"
#include "drivers/kasa/kasa_device.hpp"

namespace wattbench::drivers::kasa {

api::DriverInfo driver_info() {
    return api::DriverInfo{"kasa", "TP-Link Kasa smart plug or strip outlet (HS110, KP115, HS300)",
                           "TCP", "tcp://192.0.2.60:9999",
                           api::factory_for<KasaDevice>(&parse_settings)};
}

}  // namespace wattbench::drivers::kasa
