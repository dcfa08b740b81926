#pragma once

#include <string>
#include <vector>

#include "app/core/report/run_data.hpp"
#include "app/core/report/run_phases.hpp"

namespace wattbench::core::report {

enum class CellKind {
    number,
    no_data,      // no valid reading in the window, or the channel is absent from the phase
    not_numeric,  // readings exist but the channel is discrete: `text` lists its states
};

struct SummaryCell {
    CellKind kind = CellKind::no_data;
    std::string text;  // the formatted mean (number); the states seen, if recorded (not_numeric)
    bool low_coverage = false;  // the window missed readings, so the mean may be skewed
};

// Below this share of valid readings a window's figures may be skewed by the gap.
inline constexpr double kCoverageWarning = 0.99;

struct SummaryRow {
    std::string label;               // "Power [W] (wattmeter/power)"
    std::vector<SummaryCell> cells;  // one per column
};

// The table a review prints: one column per measured phase, one row per headline channel. The
// Markdown and CSV reports are two spellings of it.
struct SummaryTable {
    std::vector<const PhaseView*> columns;  // phases that have rows, manifest order
    std::vector<SummaryRow> rows;
};

SummaryTable build_summary(const RunData& run, const std::vector<PhaseView>& phases);

}  // namespace wattbench::core::report
