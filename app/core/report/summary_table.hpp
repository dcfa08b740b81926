#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/core/i18n/translate.hpp"
#include "app/core/report/channel_presentation.hpp"
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
    bool low_coverage = false;    // the window missed readings, so the mean may be skewed
    std::optional<double> value;  // the number behind `text`, for the JSON report
    // Power rows: the absolute uncertainty of the mean ("0.5" for 113.4 ± 0.5), formatted like
    // `text`; empty when phases.csv has none.
    std::string uncertainty;
    std::optional<double> uncertainty_value;
};

// The one not_numeric cell text wattbench writes itself (a noise level under the background's
// reach); every other is a device's state names.
inline constexpr std::string_view kBelowBackgroundCell = i18n::noop_tr("< 3 dB above background");

// Below this share of valid readings a window's figures may be skewed by the gap.
inline constexpr double kCoverageWarning = 0.99;

struct SummaryRow {
    std::string label;               // "Power [W] (wattmeter/power)"
    i18n::Message label_message;     // `label` before it was written in English
    std::vector<SummaryCell> cells;  // one per column
    SummaryGroup group = SummaryGroup::none;
    // A stable id for scripts: "power:wattmeter/power", "energy:wattmeter/power",
    // "noise_corrected:slm/spl", "score:req/s", "score_per_watt:req/s".
    std::string key;
    std::string unit;  // as displayed ("°C"); empty for unitless rows
    // The channel's upper sensor limits from the manifest, "UNC 85 · UC 95"; empty when none.
    std::string limits;
};

// The table a review prints: one column per measured phase, one row per headline channel. The
// Markdown and CSV reports are two spellings of it.
struct SummaryTable {
    std::vector<const PhaseView*> columns;  // phases that have rows, manifest order
    std::vector<SummaryRow> rows;
};

SummaryTable build_summary(const RunData& run, const std::vector<PhaseView>& phases);

// The rows a review adds to the channel means: energy in each window (wall power mean × window
// length), background-corrected noise, workload score and score per watt, each after its group.
void add_review_rows(SummaryTable& table, const RunData& run, const std::vector<PhaseView>& phases);

}  // namespace wattbench::core::report
