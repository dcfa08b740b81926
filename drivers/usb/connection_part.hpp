#pragma once

#include "drivers/api/registry.hpp"
#include "drivers/usb/make_usb_transport.hpp"

namespace wattbench::drivers::usb {

// A part for api::factory_for: the device's connection string as a USB transport claiming
// `interface_number` (see make_usb_transport). No I/O.
inline auto connection_part(int interface_number) {
    return [interface_number](api::DeviceConfig& config) {
        return make_usb_transport(config.connection, interface_number);
    };
}

}  // namespace wattbench::drivers::usb
