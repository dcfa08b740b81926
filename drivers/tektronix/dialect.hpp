#pragma once

#include "drivers/scpi_analyzer/dialect.hpp"

namespace wattbench::drivers::tektronix {

// The PA1000/PA3000 command set as a scpi_analyzer dialect (../shared/analyzers.md §4).
const scpi_analyzer::Dialect& pa_dialect();

}  // namespace wattbench::drivers::tektronix
