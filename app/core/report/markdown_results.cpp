#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "app/core/report/markdown_sections.hpp"
#include "app/core/report/markdown_text.hpp"
#include "app/core/report/report_content.hpp"
#include "app/core/report/validity_lines.hpp"
#include "app/core/report/value_format.hpp"

namespace wattbench::core::report {

namespace {

// "Verdict: valid", "Verdict: valid, with 3 warnings", "Verdict: invalid — 2 rules failed, 1
// warning": the first line a reviewer reads.
std::string verdict_line(const RunValidity& v) {
    std::size_t errors = 0;
    std::size_t warnings = 0;
    // Counted as listed below the table: one per rule not met, however many channels it names.
    for (const auto& p : v.phases) {
        for (const auto& f : failed_rules(p)) {
            errors += f.severity == Severity::error ? 1 : 0;
            warnings += f.severity == Severity::warning ? 1 : 0;
        }
    }
    const std::string warned = fmt::format("{} warning{}", warnings, warnings == 1 ? "" : "s");
    if (v.verdict == Severity::error) {
        return fmt::format("**Verdict: {}** — {} rule{} failed{}", severity_name(v.verdict), errors,
                           errors == 1 ? "" : "s", warnings > 0 ? ", " + warned : std::string());
    }
    if (warnings > 0) {
        return fmt::format("**Verdict: {}, with {}**", severity_name(Severity::ok), warned);
    }
    return fmt::format("**Verdict: {}**", severity_name(v.verdict));
}

// The figure the uncertainty rule judged the phase by; "unbounded" for a mean of 0.
std::string uncertainty_percent(const std::optional<double>& u) {
    if (!u) {
        return std::string(kNoData);
    }
    return std::isfinite(*u) ? fmt::format("{} %", format_fixed(*u * 100.0, 2))
                             : std::string("unbounded");
}

}  // namespace

std::string summary_body(const SummaryTable& summary) {
    std::string out;
    if (summary.columns.empty()) {
        out += "No phase has results.\n";
        return out;
    }
    out += fmt::format(
        "Means over each phase's averaging window, power with its measurement uncertainty (±); "
        "for a channel that reports states, not numbers, how often each state was read ({} when "
        "samples.csv is not there to count them). Sensor limits from the manifest follow the "
        "channel. {} no valid reading;{} readings missing for more than {:.0f} % of the "
        "window.\n\n",
        kNotNumeric, kNoData, kLowCoverageMark, (1.0 - kCoverageWarning) * 100);
    std::vector<std::string> header{"Quantity"};
    std::vector<Align> align{Align::left};
    for (const PhaseView* p : summary.columns) {
        header.push_back(p->title());
        align.push_back(Align::right);
    }
    MarkdownTable table(std::move(header), std::move(align));
    for (const auto& row : summary.rows) {
        std::string label = row.label;
        if (!row.limits.empty()) {
            label += ", limits " + row.limits;
        }
        std::vector<std::string> cells{std::move(label)};
        for (const auto& cell : row.cells) {
            std::string text;
            switch (cell.kind) {
                case CellKind::number:
                    text = cell.text;
                    if (!cell.uncertainty.empty()) {
                        text += " ± " + cell.uncertainty;
                    }
                    break;
                case CellKind::no_data:
                    text = kNoData;
                    break;
                case CellKind::not_numeric:
                    text = cell.text.empty() ? std::string(kNotNumeric) : cell.text;
                    break;
            }
            if (cell.low_coverage && cell.kind != CellKind::no_data) {
                text += kLowCoverageMark;
            }
            cells.push_back(std::move(text));
        }
        table.add_row(std::move(cells));
    }
    out += table.render();
    return out;
}

std::string validity_body(const ReportContent& content) {
    std::string out;
    const RunValidity& v = content.validity;
    out += verdict_line(v) + "\n\n";
    const auto& l = v.limits;
    std::string rules = fmt::format(
        "Judged by: power uncertainty ≤ {}, invalid power readings < {}, other invalid readings "
        "< {}",
        percent_limit(l.max_uncertainty), percent_limit(l.max_invalid_power),
        percent_limit(l.max_invalid_other));
    if (!l.ambient.empty()) {
        rules += fmt::format(", ambient ({}) ≥ {} °C", one_line(l.ambient),
                             plain_number(l.min_ambient_c));
    }
    rules += l.load_short_is_error ? "; a phase short of its target load is invalid"
                                   : "; a phase short of its target load is a warning";
    out += rules + " (SPECpower's limits unless the profile's `[validity]` table set others).\n";

    std::vector<std::pair<bool, std::string>> failed;  // error?, line
    MarkdownTable table({"Phase", "Verdict", "Coverage", "Uncertainty", "Flags"},
                        {Align::left, Align::left, Align::right, Align::right, Align::left});
    for (const auto& p : v.phases) {
        const PhaseFigures* figures = content.figures_of(p.phase);
        std::string coverage(kNoData);
        std::string flags;
        std::string title = p.phase;
        if (figures != nullptr) {
            title = figures->phase->title();
            if (figures->lowest_coverage) {
                coverage = format_percent(*figures->lowest_coverage);
            }
            flags = figures->flags;
        }
        const std::string uncertainty = uncertainty_percent(p.uncertainty);
        table.add_row({MarkdownTable::escape(one_line(title)),
                       std::string(severity_name(p.verdict)), coverage, uncertainty,
                       MarkdownTable::escape(one_line(flags))});
        for (const auto& f : failed_rules(p)) {
            const bool error = f.severity == Severity::error;
            failed.emplace_back(error,
                                fmt::format("- {}: {} — {}", one_line(p.phase),
                                            error ? "**error**" : "warning", one_line(f.text())));
        }
    }
    if (!v.phases.empty()) {
        out += '\n' + table.render();
    }
    // Errors before warnings, each in phase order, as a reader fixes them in that order.
    std::stable_partition(failed.begin(), failed.end(),
                          [](const auto& line) { return line.first; });
    if (!failed.empty()) {
        out += "\nRules not met:\n\n";
        for (const auto& [error, line] : failed) {
            out += line + '\n';
        }
    }
    return out;
}

std::string power_curve_body(const ReportContent& content) {
    std::string out;
    if (!content.curve || content.curve->points.empty()) {
        return {};
    }
    const PowerCurve& curve = *content.curve;
    out += fmt::format(
        "Mean wall power ({}/{}) against the number of busy CPUs (idle counts as 0); ± is the "
        "95 % interval of the window mean, the marginal power the step from the row before, per "
        "added CPU.\n\n",
        one_line(curve.device), one_line(curve.channel));
    MarkdownTable table({"Busy CPUs", "Phase", "Power [W]", "± [W]", "Marginal [W per CPU]"},
                        {Align::right, Align::left, Align::right, Align::right, Align::right});
    for (std::size_t i = 0; i < curve.points.size(); ++i) {
        const auto& p = curve.points[i];
        table.add_row({plain_number(p.workers), MarkdownTable::escape(one_line(p.phase)),
                       format_fixed(p.power_w, 1),
                       format_fixed(p.error_w, p.error_w < 0.05 ? 2 : 1),
                       i > 0 && i - 1 < curve.marginal_w.size()
                           ? fmt::format("{:+.1f}", curve.marginal_w[i - 1])
                           : std::string(kNoData)});
    }
    out += table.render();
    if (!curve.sentence.empty()) {
        std::string sentence = curve.sentence;
        if (curve.knee && !curve.knee->from_topology) {
            sentence += " (the knee found from the curve's shape: the manifest has no topology)";
        }
        if (sentence.back() != '.') {
            sentence += '.';
        }
        out += fmt::format("\n{}\n", one_line(sentence));
    }
    return out;
}

}  // namespace wattbench::core::report
