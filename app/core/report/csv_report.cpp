#include "app/core/report/csv_report.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "app/core/report/value_format.hpp"

#include "app/core/record/csv.hpp"
#include "app/core/report/performance.hpp"
#include "app/core/report/run_phases.hpp"
#include "app/core/report/summary_table.hpp"

namespace wattbench::core::report {

std::string render_csv(const RunData& run) {
    const auto phases = run_phases(run);
    const SummaryTable summary = build_summary(run, phases);
    // Plain phase names in the header, unlike the Markdown titles: scripts look columns up by
    // name, and the phase status is in the JSON report.
    std::string out = "quantity";
    for (const PhaseView* p : summary.columns) {
        out += ',' + record::csv_field(p->name);
    }
    out += '\n';
    for (const auto& row : summary.rows) {
        out += record::csv_field(row.label);
        for (const auto& cell : row.cells) {
            out += ',';
            if (cell.kind != CellKind::no_data) {
                out += record::csv_field(cell.text);
            }
        }
        out += '\n';
    }
    // Score and score per watt of command phases, one pair of rows per score unit.
    const auto perf = phase_performance(run, phases);
    const auto wall = wall_power_channel(run);
    std::vector<std::string> units;
    for (const auto& p : perf) {
        if (std::find(units.begin(), units.end(), p.unit) == units.end()) {
            units.push_back(p.unit);
        }
    }
    for (const auto& unit : units) {
        std::string score_row = record::csv_field("Score [" + unit + "]");
        std::string ratio_row = record::csv_field(
            "Score per watt [" + unit + "/W]" +
            (wall ? " (" + wall->device + "/" + wall->channel + ")" : std::string()));
        for (const PhaseView* column : summary.columns) {
            score_row += ',';
            ratio_row += ',';
            for (const auto& p : perf) {
                if (p.phase == column && p.unit == unit) {
                    score_row += fmt::format("{}", p.score);
                    if (p.score_per_watt) {
                        ratio_row += format_ratio(*p.score_per_watt);
                    }
                }
            }
        }
        out += score_row + '\n' + ratio_row + '\n';
    }
    return out;
}

}  // namespace wattbench::core::report
