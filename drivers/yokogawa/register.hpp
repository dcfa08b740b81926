#pragma once

#include <vector>

#include "drivers/api/registry.hpp"
#include "drivers/api/usb_model.hpp"

namespace wattbench::drivers::yokogawa {

api::DriverInfo wt310_driver_info();
api::DriverInfo wt210_driver_info();
// The WT310's and WT210's USB IDs, for `devices --scan` (USB_LIST in CMakeLists.txt).
std::vector<api::UsbDeclaration> usb_models();

}  // namespace wattbench::drivers::yokogawa
