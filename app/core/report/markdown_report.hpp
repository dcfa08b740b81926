#pragma once

#include <string>

#include "app/core/report/report_content.hpp"
#include "app/core/report/run_data.hpp"

namespace wattbench::core::report {

// The report a hardware review prints: run facts, the summary table (phases across, headline
// channels down), validity, power versus load, limits, every channel per phase, the run's
// warnings, the environment and the profile as run.
std::string render_markdown(const ReportContent& content);

// The same from a run loaded without samples.csv (no sample counts for validity).
std::string render_markdown(const RunData& run);

// Only the summary section: what `wattbench run` prints when it ends.
std::string render_summary_markdown(const RunData& run);

}  // namespace wattbench::core::report
