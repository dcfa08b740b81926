#pragma once

#include <string>

#include "app/core/report/run_data.hpp"

namespace wattbench::core::report {

// The summary table for spreadsheets and scripts: a `quantity` column, then one column per
// measured phase named exactly as the phase. Cells without a number are empty.
std::string render_csv(const RunData& run);

}  // namespace wattbench::core::report
