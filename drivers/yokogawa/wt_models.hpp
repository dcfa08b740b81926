#pragma once

#include <span>
#include <vector>

#include "drivers/api/registry.hpp"
#include "drivers/scpi_analyzer/model.hpp"

namespace wattbench::drivers::yokogawa {

// The WT500/WT1800/WT5000/WT3000/WT1600 as scpi_analyzer models, one driver each.
std::span<const scpi_analyzer::Model> wt_models();
// Their registry entries (wt_driver_infos.cpp; the INFO_LIST of this folder).
std::vector<api::DriverInfo> wt_driver_infos();
// Their USB IDs (wt_driver_infos.cpp; a USB_LIST of this folder).
std::vector<api::UsbDeclaration> wt_usb_models();

}  // namespace wattbench::drivers::yokogawa
