#pragma once

#include <span>
#include <vector>

#include "drivers/api/registry.hpp"
#include "drivers/scpi_analyzer/model.hpp"

namespace wattbench::drivers::tektronix {

std::span<const scpi_analyzer::Model> models();
std::vector<api::DriverInfo> driver_infos();

}  // namespace wattbench::drivers::tektronix
