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

// Only the summary section: what `wattbench run` prints when it ends (English) and what the GUI's
// Edit → Copy results as Markdown copies (in the window's language).
std::string render_summary_markdown(const RunData& run,
                                    i18n::Language language = i18n::Language::en);

}  // namespace wattbench::core::report
