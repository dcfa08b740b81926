#pragma once

#include "drivers/scpi_analyzer/dialect.hpp"

namespace wattbench::drivers::yokogawa {

// The WT500/WT1800/WT5000 numeric grammar as a scpi_analyzer dialect (analyzers.md §6): plain
// lines, `URMS`/`IRMS`.
const scpi_analyzer::Dialect& wt500_dialect();
// The same grammar on the WT3000/WT1600 Ethernet protocol: `U`/`I`, TCP only, and a link hook
// that logs in as `anonymous` and frames every message (FramedLink).
const scpi_analyzer::Dialect& wt3000_dialect();

}  // namespace wattbench::drivers::yokogawa
