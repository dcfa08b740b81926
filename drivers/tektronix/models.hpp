#pragma once

#include <span>
#include <vector>

#include "drivers/api/registry.hpp"
#include "drivers/scpi_analyzer/model.hpp"

namespace wattbench::drivers::tektronix {

std::span<const scpi_analyzer::Model> models();
std::vector<api::DriverInfo> driver_infos();
// Their USB IDs, for `devices --scan` (USB_LIST in CMakeLists.txt).
std::vector<api::UsbDeclaration> usb_models();

}  // namespace wattbench::drivers::tektronix
