#pragma once

#include <string>

#include "app/core/report/run_data.hpp"

namespace wattbench::core::report {

// The report a hardware review prints: run facts, the summary table (phases across, headline
// channels down), limits, every channel per phase, and the run's warnings.
std::string render_markdown(const RunData& run);

// Only the summary section: what `wattbench run` prints when it ends.
std::string render_summary_markdown(const RunData& run);

}  // namespace wattbench::core::report
