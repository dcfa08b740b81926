#pragma once

#include <string>

#include "drivers/api/device.hpp"
#include "drivers/usb/usb_transport.hpp"

namespace wattbench::drivers::usb {

// A USB meter's identity from its string descriptors; `vendor` and `model` stand in for a
// manufacturer or product string the device does not have (cheap meters often leave them out).
api::DeviceIdentity usb_identity(const UsbDeviceStrings& strings, std::string vendor,
                                 std::string model);

}  // namespace wattbench::drivers::usb
