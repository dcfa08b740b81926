#pragma once

#include <string>
#include <string_view>

#include "app/core/i18n/translate.hpp"
#include "app/core/report/comparison.hpp"
#include "app/core/report/document_block.hpp"

namespace wattbench::core::report {

// The three text spellings of `wattbench compare`: every run after the first against the
// first. Markdown: one table per pair (phase, channel, A, B, Δ, Δ %, 95 % CI, verdict), then
// the power-versus-load points of every run side by side with each run's knee sentence.
std::string render_comparison_markdown(const Comparison& comparison);

// One table for scripts, one line per compared value: run_a, run_b, phase, channel, unit, a, b,
// diff, diff_pct, ci_low_pct, ci_high_pct (empty when there is no interval), significant
// (true/false), verdict. A phase interrupted in either run is marked "(partial)" in Markdown
// and "partial": true in JSON. Numbers are written in full (shortest round-trip form). The curves'
// points are in the Markdown and JSON reports.
std::string render_comparison_csv(const Comparison& comparison);

// {"runs": [{"dir", "name"}], "pairs": [{"a", "b", "rows": [...]}], "curves": [... | null]}.
std::string render_comparison_json(const Comparison& comparison);

// The comparison's two parts as blocks every format renders, for the HTML that puts the overlay
// chart into the second by part rather than by heading: the run list and the pairs' tables,
// then the body of the power-versus-load section (kComparisonCurveHeading is its heading).
inline constexpr std::string_view kComparisonCurveHeading = i18n::noop_tr("Power versus load");
Document comparison_tables_document(const Comparison& comparison);
Document comparison_curve_document(const Comparison& comparison);

// The name of run i (manifest run.name, else its directory's name), as the pairs carry it.
std::string comparison_run_name(const Comparison& comparison, std::size_t i);

}  // namespace wattbench::core::report
