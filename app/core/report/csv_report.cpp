#include "app/core/report/csv_report.hpp"

#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "app/core/record/csv.hpp"
#include "app/core/report/run_liveness.hpp"
#include "app/core/report/run_phases.hpp"
#include "app/core/report/summary_table.hpp"
#include "app/core/report/validity_lines.hpp"
#include "app/core/report/value_format.hpp"

namespace wattbench::core::report {

namespace {

// Plain phase names in the header, unlike the Markdown titles: scripts look columns up by
// name, and the phase status is in the JSON report.
std::string summary_csv(const SummaryTable& summary) {
    std::string out = "quantity";
    for (const PhaseView* p : summary.columns) {
        out += ',' + record::csv_field(p->name);
    }
    out += ",limits\n";
    for (const auto& row : summary.rows) {
        out += record::csv_field(row.label);
        bool uncertain = false;
        for (const auto& cell : row.cells) {
            out += ',';
            if (cell.kind != CellKind::no_data) {
                out += record::csv_field(cell.text);
            }
            uncertain = uncertain || !cell.uncertainty.empty();
        }
        out += ',' + record::csv_field(row.limits) + '\n';
        if (!uncertain) {
            continue;
        }
        // A number per cell keeps the value row numeric; the uncertainty gets its own row.
        out += record::csv_field("Uncertainty ± of " + row.label);
        for (const auto& cell : row.cells) {
            out += ',' + record::csv_field(cell.uncertainty);
        }
        out += ",\n";
    }
    return out;
}

std::string validity_row(std::string_view label, const std::vector<std::string>& cells) {
    std::string out = record::csv_field(std::string(label));
    for (const auto& cell : cells) {
        out += ',' + record::csv_field(cell);
    }
    return out + ",\n";
}

std::string validity_csv(const ReportContent& content) {
    std::vector<std::string> verdict;
    std::vector<std::string> coverage;
    std::vector<std::string> uncertainty;
    std::vector<std::string> flags;
    std::vector<std::string> failed;
    for (const PhaseView* phase : content.summary.columns) {
        const PhaseFigures* figures = content.figures_of(phase->name);
        const PhaseValidity* judged = figures != nullptr ? figures->validity : nullptr;
        std::string rules;
        std::string u;
        if (judged != nullptr) {
            verdict.emplace_back(severity_name(judged->verdict));
            for (const auto& f : failed_rules(*judged)) {
                if (!rules.empty()) {
                    rules += "; ";
                }
                rules += fmt::format("{}: {}", f.severity == Severity::error ? "error" : "warning",
                                     f.text());
            }
            if (judged->uncertainty) {
                u = format_fixed(*judged->uncertainty * 100.0, 2);
            }
        } else {
            verdict.emplace_back();
        }
        failed.push_back(std::move(rules));
        uncertainty.push_back(std::move(u));
        coverage.push_back(format_fixed(
            (figures != nullptr ? figures->lowest_coverage : std::nullopt).value_or(1.0) * 100.0,
            1));
        flags.push_back(figures != nullptr ? figures->flags : std::string());
    }
    std::string out;
    out += validity_row("Verdict", verdict);
    out += validity_row("Coverage [%] (lowest channel)", coverage);
    out += validity_row("Uncertainty [%] (highest channel)", uncertainty);
    out += validity_row("Flags", flags);
    out += validity_row("Rules not met", failed);
    return out;
}

// PTDaemon's figures per phase column, one block per ptdaemon device; nothing without one, so
// the CSV of every other run keeps its shape.
std::string ptdaemon_csv(const ReportContent& content) {
    std::vector<std::string> devices;
    for (const auto& f : content.ptdaemon) {
        if (std::find(devices.begin(), devices.end(), f.device) == devices.end()) {
            devices.push_back(f.device);
        }
    }
    std::string out;
    for (const auto& device : devices) {
        std::vector<std::string> watts, mean, difference, uncertainty, samples, errors, valid;
        for (const PhaseView* phase : content.summary.columns) {
            const PtdFigures* found = nullptr;
            for (const auto& f : content.ptdaemon) {
                if (f.phase == phase && f.device == device) {
                    found = &f;
                }
            }
            auto number = [](const std::optional<double>& v, int decimals) {
                return v ? format_fixed(*v, decimals) : std::string();
            };
            auto count = [](const std::optional<std::int64_t>& v) {
                return v ? std::to_string(*v) : std::string();
            };
            watts.push_back(found ? number(found->watts, 2) : "");
            mean.push_back(found ? number(found->wattbench_mean, 2) : "");
            difference.push_back(found ? number(found->difference, 2) : "");
            uncertainty.push_back(found && found->uncertainty ? format_ratio(*found->uncertainty)
                                                              : "");
            samples.push_back(found ? count(found->samples) : "");
            errors.push_back(found ? count(found->errors) : "");
            valid.push_back(found ? found->valid : "");
        }
        const std::string d = " (" + device + ")";
        out += validity_row("PTDaemon mean [W]" + d, watts);
        out += validity_row("wattbench mean [W]" + d, mean);
        out += validity_row("PTDaemon − wattbench [W]" + d, difference);
        out += validity_row("PTDaemon uncertainty" + d, uncertainty);
        out += validity_row("PTDaemon samples" + d, samples);
        out += validity_row("PTDaemon errors" + d, errors);
        out += validity_row("PTDaemon valid" + d, valid);
    }
    return out;
}

// Only for the two ends whose figures a script could otherwise take for a whole run's: a run
// that ended by itself or by the operator's stop says so in its verdicts already, and files
// written before this row existed keep their shape.
std::string run_status_csv(const ReportContent& content) {
    const auto& manifest = content.run.info;
    const auto status = run_status(content.run.liveness, manifest);
    if (status != "killed" && status != "failed") {
        return {};
    }
    std::string text = *status;
    if (content.run.liveness == Liveness::killed) {
        text += " (no end recorded)";
    }
    if (const auto& failure = manifest.run.failure) {
        text += ": " + *failure;
    }
    std::vector<std::string> cells(std::max<std::size_t>(content.summary.columns.size(), 1));
    cells.front() = std::move(text);
    if (content.summary.columns.empty()) {
        // No phase columns: the text goes where the header has its one other column.
        return record::csv_field("Run status") + ',' + record::csv_field(cells.front()) + '\n';
    }
    return validity_row("Run status", cells);
}

}  // namespace

std::string render_csv(const ReportContent& content) {
    return summary_csv(content.summary) + validity_csv(content) + ptdaemon_csv(content) +
           run_status_csv(content);
}

std::string render_csv(const RunData& run) {
    const auto phases = run_phases(run);
    SummaryTable summary = build_summary(run, phases);
    add_review_rows(summary, run, phases);
    return summary_csv(summary);
}

}  // namespace wattbench::core::report
