#pragma once

#include <vector>

#include "drivers/api/registry.hpp"
#include "drivers/api/usb_model.hpp"

namespace wattbench::drivers::gm1356 {

api::DriverInfo driver_info();
// The meter's USB ID, for `devices --scan` (USB_LIST, cmake/wattbench_driver.cmake).
std::vector<api::UsbDeclaration> usb_models();

}  // namespace wattbench::drivers::gm1356
