#pragma once

#include <span>
#include <vector>

#include "drivers/api/registry.hpp"
#include "drivers/scpi_analyzer/model.hpp"

namespace wattbench::drivers::chroma {

// chroma-66202, chroma-66203, chroma-66204: one table entry each.
std::span<const scpi_analyzer::Model> models();

// The registry's entries (INFO_LIST in CMakeLists.txt).
std::vector<api::DriverInfo> driver_infos();

}  // namespace wattbench::drivers::chroma
