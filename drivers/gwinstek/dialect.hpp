#pragma once

#include <string>

#include "drivers/scpi_analyzer/dialect.hpp"

namespace wattbench::drivers::gwinstek {

// The GW Instek GPM-8213/GPM-8310 command set (../shared/analyzers.md §2), close to the
// Yokogawa WT300's: items chosen once with `:NUMERIC:NORMAL:NUMBER n` / `ITEMk <fn>`, read with
// `:NUMERIC:NORMAL:VALUE?`; `NAN`/`INF` sentinels; a short-form header echo tolerated.
const scpi_analyzer::Dialect& dialect();

// `:RATE 500MS` / `:RATE 2S` (WT style; the argument syntax is UNCONFIRMED).
std::string rate_command(double seconds);

}  // namespace wattbench::drivers::gwinstek
