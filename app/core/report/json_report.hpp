#pragma once

#include <string>

#include "app/core/report/report_content.hpp"
#include "app/core/report/run_data.hpp"

namespace wattbench::core::report {

// {"run": {...}, "phases": [{"name", "load", "status", "channels": {"dev/ch": {...}}}],
//  "summary": {...}, "validity": {...}, "curve": {...} | null, "environment": {...}} with
// numbers as numbers and null where phases.csv has no value. Every phase of the manifest is
// listed, measured or not, so a script can tell "not run" from "absent".
std::string render_json(const ReportContent& content);

// The same from a run loaded without samples.csv (no sample counts for validity).
std::string render_json(const RunData& run);

}  // namespace wattbench::core::report
