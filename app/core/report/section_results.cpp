#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "app/core/report/report_content.hpp"
#include "app/core/report/section_bodies.hpp"
#include "app/core/report/section_text.hpp"
#include "app/core/report/validity_lines.hpp"
#include "app/core/report/value_format.hpp"

namespace wattbench::core::report {

namespace {

// "Verdict: valid", "Verdict: valid, with 3 warnings", "Verdict: invalid — 2 rules failed, 1
// warning": the first line a reviewer reads.
Inline verdict_line(Language lang, const RunValidity& v) {
    std::size_t errors = 0;
    std::size_t warnings = 0;
    // Counted as listed below the table: one per rule not met, however many channels it names.
    for (const auto& p : v.phases) {
        for (const auto& f : failed_rules(p)) {
            errors += f.severity == Severity::error ? 1 : 0;
            warnings += f.severity == Severity::warning ? 1 : 0;
        }
    }
    const std::string warned =
        trf_n(lang, "{} warning", "{} warnings", static_cast<double>(warnings), warnings);
    if (v.verdict == Severity::error) {
        return markup(
            lang, "**Verdict: {}** — {}{}", tr(lang, severity_name(v.verdict)),
            trf_n(lang, "{} rule failed", "{} rules failed", static_cast<double>(errors), errors),
            warnings > 0 ? ", " + warned : std::string());
    }
    if (warnings > 0) {
        return markup(lang, "**Verdict: {}, with {}**", tr(lang, severity_name(Severity::ok)),
                      warned);
    }
    return markup(lang, "**Verdict: {}**", tr(lang, severity_name(v.verdict)));
}

// The figure the uncertainty rule judged the phase by; "unbounded" for a mean of 0.
std::string uncertainty_percent(Language lang, const std::optional<double>& u) {
    if (!u) {
        return std::string(kNoData);
    }
    return std::isfinite(*u)
               ? number_text(lang, *u * 100.0, 2) + std::string(i18n::unit_space(lang)) + "%"
               : std::string(tr(lang, "unbounded"));
}

// "UNC 85 · UC 95": the IPMI abbreviations stay, the numbers follow the language.
std::string limits_text(Language lang, const std::string& limits) {
    std::string out;
    std::size_t start = 0;
    while (start <= limits.size()) {
        const auto end = std::min(limits.find(' ', start), limits.size());
        if (start > 0) {
            out += ' ';
        }
        out += localized(lang, std::string_view(limits).substr(start, end - start));
        start = end + 1;
    }
    return out;
}

}  // namespace

Document summary_body(const SummaryTable& summary, Language lang) {
    if (summary.columns.empty()) {
        return {Paragraph{markup(lang, "No phase has results.\n")}};
    }
    Document out;
    out.emplace_back(Paragraph{
        markup(lang,
               "Means over each phase's averaging window, power with its measurement uncertainty "
               "(±); for a channel that reports states, not numbers, how often each state was "
               "read ({} when samples.csv is not there to count them). Sensor limits from the "
               "manifest follow the channel. {} no valid reading;{} readings missing for more "
               "than {} % of the window.\n\n",
               tr(lang, kNotNumeric), kNoData, kLowCoverageMark,
               localized(lang, fmt::format("{:.0f}", (1.0 - kCoverageWarning) * 100)))});
    std::vector<std::string> header{std::string(tr(lang, "Quantity"))};
    std::vector<Align> align{Align::left};
    for (const PhaseView* p : summary.columns) {
        header.push_back(p->title());
        align.push_back(Align::right);
    }
    Table table{std::move(header), std::move(align)};
    for (const auto& row : summary.rows) {
        std::string label = row.label_message.empty() ? row.label : row.label_message.in(lang);
        if (!row.limits.empty()) {
            label += trf(lang, ", limits {}", limits_text(lang, row.limits));
        }
        std::vector<TableCell> cells{std::move(label)};
        for (const auto& cell : row.cells) {
            std::string text;
            switch (cell.kind) {
                case CellKind::number:
                    text = localized(lang, cell.text);
                    if (!cell.uncertainty.empty()) {
                        text += " ± " + localized(lang, cell.uncertainty);
                    }
                    break;
                case CellKind::no_data:
                    text = kNoData;
                    break;
                case CellKind::not_numeric:
                    // States are the device's own words; only the one phrase wattbench writes
                    // here is translated.
                    text = cell.text.empty()                   ? std::string(tr(lang, kNotNumeric))
                           : cell.text == kBelowBackgroundCell ? std::string(tr(lang, cell.text))
                                                               : cell.text;
                    break;
            }
            if (cell.low_coverage && cell.kind != CellKind::no_data) {
                text += kLowCoverageMark;
            }
            cells.push_back(std::move(text));
        }
        table.add_row(std::move(cells));
    }
    out.emplace_back(std::move(table));
    return out;
}

Document validity_body(const ReportContent& content) {
    const Language lang = content.language;
    const RunValidity& v = content.validity;
    Document out{Paragraph{verdict_line(lang, v)}};
    const auto& l = v.limits;
    Inline rules =
        markup(lang,
               "Judged by: power uncertainty ≤ {}, invalid power readings < {}, "
               "other invalid readings < {}",
               percent_limit(lang, l.max_uncertainty), percent_limit(lang, l.max_invalid_power),
               percent_limit(lang, l.max_invalid_other));
    if (!l.ambient.empty()) {
        rules += markup(lang, ", ambient ({}) ≥ {} °C", one_line(l.ambient),
                        plain_number(lang, l.min_ambient_c));
    }
    rules += l.load_short_is_error
                 ? markup(lang, "; a phase short of its target load is invalid")
                 : markup(lang, "; a phase short of its target load is a warning");
    rules +=
        markup(lang, " (SPECpower's limits unless the profile's `[validity]` table set others).\n");
    out.emplace_back(Paragraph{std::move(rules)});

    List failed;
    Table table{{std::string(tr(lang, "Phase")), std::string(tr(lang, "Verdict")),
                 std::string(tr(lang, "Coverage")), std::string(tr(lang, "Uncertainty")),
                 std::string(tr(lang, "Flags"))},
                {Align::left, Align::left, Align::right, Align::right, Align::left}};
    for (const auto& p : v.phases) {
        const PhaseFigures* figures = content.figures_of(p.phase);
        std::string coverage(kNoData);
        std::string flags;
        std::string title = p.phase;
        if (figures != nullptr) {
            title = figures->phase->title();
            if (figures->lowest_coverage) {
                coverage = percent_text(lang, *figures->lowest_coverage);
            }
            flags = figures->flags;
        }
        const std::string uncertainty = uncertainty_percent(lang, p.uncertainty);
        table.add_row({one_line(title),
                       {std::string(tr(lang, severity_name(p.verdict))), p.verdict},
                       coverage,
                       uncertainty,
                       one_line(flags)});
        for (const auto& f : failed_rules(p)) {
            const bool error = f.severity == Severity::error;
            failed.items.push_back(
                {plain(one_line(p.phase) + ": ") +
                     (error ? markup(lang, "**error**") : markup(lang, "warning")) +
                     plain(" — " + one_line(f.text(lang))),
                 f.severity});
        }
    }
    if (!v.phases.empty()) {
        out.emplace_back(std::move(table));
    }
    // Errors before warnings, each in phase order, as a reader fixes them in that order.
    std::stable_partition(failed.items.begin(), failed.items.end(),
                          [](const ListItem& item) { return item.severity == Severity::error; });
    if (!failed.items.empty()) {
        out.emplace_back(Paragraph{markup(lang, "\nRules not met:\n\n")});
        out.emplace_back(std::move(failed));
    }
    return out;
}

Document power_curve_body(const ReportContent& content) {
    if (!content.curve || content.curve->points.empty()) {
        return {};
    }
    const Language lang = content.language;
    const PowerCurve& curve = *content.curve;
    Document out;
    out.emplace_back(Paragraph{
        markup(lang,
               "Mean wall power ({}/{}) against the number of busy CPUs (idle counts as 0); ± is "
               "the 95 % interval of the window mean, the marginal power the step from the row "
               "before, per added CPU.\n\n",
               one_line(curve.device), one_line(curve.channel))});
    Table table{{std::string(tr(lang, "Busy CPUs")), std::string(tr(lang, "Phase")),
                 std::string(tr(lang, "Power [W]")), std::string(tr(lang, "± [W]")),
                 std::string(tr(lang, "Marginal [W per CPU]"))},
                {Align::right, Align::left, Align::right, Align::right, Align::right}};
    for (std::size_t i = 0; i < curve.points.size(); ++i) {
        const auto& p = curve.points[i];
        table.add_row({plain_number(lang, p.workers), one_line(p.phase),
                       number_text(lang, p.power_w, 1),
                       number_text(lang, p.error_w, p.error_w < 0.05 ? 2 : 1),
                       i > 0 && i - 1 < curve.marginal_w.size()
                           ? localized(lang, fmt::format("{:+.1f}", curve.marginal_w[i - 1]))
                           : std::string(kNoData)});
    }
    out.emplace_back(std::move(table));
    if (!curve.sentence.empty()) {
        std::string sentence =
            curve.sentence_message.empty() ? curve.sentence : curve.sentence_message.in(lang);
        if (curve.knee && !curve.knee->from_topology) {
            sentence +=
                tr(lang, " (the knee found from the curve's shape: the manifest has no topology)");
        }
        if (sentence.back() != '.') {
            sentence += '.';
        }
        out.emplace_back(Paragraph{plain(one_line(sentence))});
    }
    return out;
}

}  // namespace wattbench::core::report
