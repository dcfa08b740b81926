#pragma once

#include "drivers/scpi_analyzer/dialect.hpp"

namespace wattbench::drivers::rohde_schwarz {

// The HMC8015's command set as a scpi_analyzer dialect (../shared/analyzers.md §3).
const scpi_analyzer::Dialect& hmc8015_dialect();

}  // namespace wattbench::drivers::rohde_schwarz
