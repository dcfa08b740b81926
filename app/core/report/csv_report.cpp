#include "app/core/report/csv_report.hpp"

#include "app/core/report/csv_fields.hpp"
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
        out += ',' + quote_csv_field(p->name);
    }
    out += '\n';
    for (const auto& row : summary.rows) {
        out += quote_csv_field(row.label);
        for (const auto& cell : row.cells) {
            out += ',';
            if (cell.kind == CellKind::number) {
                out += quote_csv_field(cell.text);
            }
        }
        out += '\n';
    }
    return out;
}

}  // namespace wattbench::core::report
