#include "app/report_render/report_document.hpp"

#include <algorithm>
#include <string_view>

#include <fmt/format.h>

#include "app/core/report/comparison.hpp"
#include "app/core/report/comparison_report.hpp"
#include "app/core/report/report_content.hpp"
#include "app/core/report/report_sections.hpp"
#include "app/core/report/section_text.hpp"
#include "app/core/report/value_format.hpp"
#include "app/report_render/document_html.hpp"
#include "app/report_render/html_text.hpp"

namespace wattbench::report_render {

namespace report = core::report;

namespace {

// Long sections start a printed page; the short ones between them follow on. (The time
// series, which has no section of the text reports, starts one too.)
bool starts_page(core::report::SectionId id) {
    using core::report::SectionId;
    return id == SectionId::power_curve || id == SectionId::phase_details ||
           id == SectionId::environment || id == SectionId::profile;
}

std::string heading_html(std::string_view anchor, bool new_page, std::string_view text) {
    return fmt::format("<h2 id=\"{}\"{}>{}</h2>\n", anchor,
                       new_page ? " style=\"page-break-before: always\"" : "", html_escape(text));
}

std::string figure(std::size_t index, const ReportChart& chart, const ChartEmbed& embed) {
    std::string out = "<figure class=\"chart\" id=\"chart-" + html_escape(chart.key()) + "\">\n";
    out += embed(index, chart);
    // The title is inside the chart; the caption says what its lines cannot.
    if (!chart.notes().empty()) {
        out += "\n<figcaption>";
        for (std::size_t i = 0; i < chart.notes().size(); ++i) {
            out += (i > 0 ? "; " : "") + html_escape(chart.notes()[i]);
        }
        out += "</figcaption>";
    }
    out += "\n</figure>\n";
    return out;
}

// RunValidity::reasons in `language`: each rule not met, errors first, as judge_run lists them.
std::vector<std::string> reasons(const report::RunValidity& v, core::i18n::Language language) {
    std::vector<std::string> errors;
    std::vector<std::string> warnings;
    for (const auto& p : v.phases) {
        for (const auto& c : p.checks) {
            if (c.severity == report::Severity::ok) {
                continue;
            }
            std::string line =
                p.phase + ": " + (c.message.empty() ? c.detail : c.message.in(language));
            if (!c.channel.empty() && c.detail.find(c.channel) == std::string::npos) {
                line += " (" + c.channel + ")";
            }
            (c.severity == report::Severity::error ? errors : warnings).push_back(std::move(line));
        }
    }
    errors.insert(errors.end(), warnings.begin(), warnings.end());
    return errors;
}

std::string verdict_banner(const report::RunValidity& v, core::i18n::Language language) {
    const std::string name(report::severity_name(v.verdict));
    std::string out = fmt::format(
        "<div class=\"verdict verdict-{}\"><strong>{}</strong>", html_escape(name),
        html_escape(core::i18n::trf(language, "Verdict: {}", core::i18n::tr(language, name))));
    const auto lines = reasons(v, language);
    if (!lines.empty()) {
        out += "<ul>\n";
        for (const auto& r : lines) {
            out += "<li>" + html_escape(r) + "</li>\n";
        }
        out += "</ul>";
    }
    out += "</div>\n";
    return out;
}

}  // namespace

std::string report_title(const report::ReportContent& content) {
    return content.title;
}

std::string report_body(const report::ReportContent& content, const ChartList& charts,
                        const ChartEmbed& embed) {
    using report::SectionId;
    const auto sections = report::report_sections(content);
    auto has = [&](SectionId id) {
        return std::any_of(sections.begin(), sections.end(),
                           [&](const report::ReportSection& s) { return s.id == id; });
    };
    std::string curve;
    std::string series;
    for (std::size_t i = 0; i < charts.size(); ++i) {
        (charts[i]->key() == "power-vs-load" ? curve : series) += figure(i, *charts[i], embed);
    }
    if (!has(SectionId::power_curve)) {
        series.insert(0, curve);
        curve.clear();
    }
    if (!series.empty()) {
        const auto language = content.language;
        series.insert(
            0, heading_html("time-series", true, core::i18n::tr(language, "Time series")) + "<p>" +
                   html_escape(core::i18n::tr(
                       language,
                       "The whole run: each line is the mean of its time slice, the band around "
                       "it the lowest and highest reading in it. Phases are shaded (warm-up "
                       "light, averaging window darker, dashed edges); sensor limits are "
                       "dash-dotted.")) +
                   "</p>\n");
    }
    // The time series follow the power curve, else the validity, else the summary.
    SectionId series_after = SectionId::title;
    for (const SectionId after :
         {SectionId::power_curve, SectionId::validity, SectionId::summary}) {
        if (has(after)) {
            series_after = after;
            break;
        }
    }
    std::string html;
    for (const auto& section : sections) {
        switch (section.id) {
            case SectionId::title:
                html += "<h1>" + html_escape(report::one_line(section.heading)) + "</h1>\n" +
                        verdict_banner(content.validity, content.language);
                break;
            case SectionId::incomplete:
                break;
            default:
                html += heading_html(report::section_anchor(section.id), starts_page(section.id),
                                     section.heading);
                break;
        }
        html += document_html(section.body);
        if (section.id == SectionId::power_curve) {
            html += curve;
        }
        if (section.id == series_after) {
            html += series;
            series.clear();
        }
    }
    return html + series;
}

std::vector<std::string> comparison_names(const report::Comparison& comparison) {
    std::vector<std::string> names;
    for (std::size_t i = 0; i < comparison.run_dirs.size(); ++i) {
        names.push_back(report::comparison_run_name(comparison, i));
    }
    return names;
}

std::string comparison_title(const report::Comparison& comparison) {
    std::string title;
    for (const auto& name : comparison_names(comparison)) {
        title += (title.empty() ? "" : " vs ") + name;
    }
    return title;
}

std::string comparison_body(const report::Comparison& comparison, const ChartList& charts,
                            const ChartEmbed& embed) {
    // The overlay opens its section, above the table of the same points.
    std::string html =
        document_html(report::comparison_tables_document(comparison)) +
        heading_html("power-versus-load", false,
                     core::i18n::tr(comparison.language, report::kComparisonCurveHeading));
    for (std::size_t i = 0; i < charts.size(); ++i) {
        html += figure(i, *charts[i], embed);
    }
    return html + document_html(report::comparison_curve_document(comparison));
}

std::string report_css() {
    return R"(body { font-family: "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; color: #222;
  max-width: 1100px; margin: 2em auto; padding: 0 1em; line-height: 1.4; font-size: 15px; }
h1 { font-size: 1.8em; margin-bottom: 0.3em; }
h2 { font-size: 1.35em; border-bottom: 1px solid #ccc; margin-top: 1.8em; padding-bottom: 0.2em; }
h3 { font-size: 1.1em; margin-top: 1.4em; }
table { border-collapse: collapse; margin: 0.8em 0; font-size: 0.9em; }
th, td { border: 1px solid #c8ccd0; padding: 3px 8px; vertical-align: top; }
th { background: #eef2f6; text-align: left; }
td.num, th.num { text-align: right; white-space: nowrap; }
td.invalid { background: #fbe3e1; color: #a1261a; font-weight: bold; }
td.warning { background: #fff4d6; color: #7a5600; }
td.valid { color: #2e7d32; }
tr.significant td { font-weight: bold; }
li.error { color: #a1261a; }
li.warning { color: #7a5600; }
.verdict { margin: 0.6em 0 1em; padding: 0.5em 1em; border-radius: 4px; border: 1px solid; }
.verdict-valid { background: #e8f5e9; border-color: #81c784; color: #1b5e20; }
.verdict-warning { background: #fff8e1; border-color: #ffca28; color: #7a5600; }
.verdict-invalid { background: #fdecea; border-color: #e57373; color: #a1261a; }
.verdict ul { margin: 0.3em 0 0; }
blockquote { border-left: 4px solid #e15759; margin: 1em 0; padding: 0.2em 1em; background: #fdf0ef; }
pre { background: #f6f8fa; padding: 0.8em; overflow-x: auto; font-size: 0.85em; }
code { font-family: "DejaVu Sans Mono", monospace; font-size: 0.92em; }
figure.chart { margin: 1em 0 1.5em; }
figure.chart svg { width: 100%; height: auto; display: block; }
figcaption { font-size: 0.85em; color: #555; margin-top: 0.3em; }
@media print {
  body { max-width: none; margin: 0; padding: 0; font-size: 10pt; }
  h2 { break-after: avoid; page-break-after: avoid; }
  table, figure, tr, pre, .verdict { break-inside: avoid; page-break-inside: avoid; }
  thead { display: table-header-group; }
  pre { white-space: pre-wrap; }
}
)";
}

}  // namespace wattbench::report_render
