#pragma once

#include <span>
#include <vector>

#include "drivers/api/registry.hpp"
#include "drivers/scpi_analyzer/model.hpp"

namespace wattbench::drivers::scpi_analyzer {

// The registry entry of one model: its factory parses the settings against the model and
// builds an AnalyzerDevice on the model's transport (through the dialect's link hook).
// `model` must outlive the registry (a static table).
api::DriverInfo driver_info(const Model& model);
// One entry per model of a static table, for a family's INFO_LIST function.
std::vector<api::DriverInfo> driver_infos(std::span<const Model> models);
// The USB IDs the models declare (Model::usb), for a family's USB_LIST function.
std::vector<api::UsbDeclaration> usb_declarations(std::span<const Model> models);

}  // namespace wattbench::drivers::scpi_analyzer
