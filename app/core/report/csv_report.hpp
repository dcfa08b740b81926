#pragma once

#include <string>

#include "app/core/report/report_content.hpp"
#include "app/core/report/run_data.hpp"

namespace wattbench::core::report {

// One table for spreadsheets and scripts: a `quantity` column, one column per measured phase
// named exactly as the phase, then `limits` (the channel's sensor limits). The summary rows
// come first (a power row is followed by its "Uncertainty ±" row), then the validity rows
// (Verdict, Coverage, Uncertainty, Flags, Rules not met). Cells without a number are empty.
std::string render_csv(const ReportContent& content);

// The summary rows only, from a run loaded without samples.csv.
std::string render_csv(const RunData& run);

}  // namespace wattbench::core::report
