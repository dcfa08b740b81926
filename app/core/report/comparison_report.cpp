#include "app/core/report/comparison_report.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/core/i18n/number_format.hpp"
#include "app/core/i18n/translate.hpp"
#include "app/core/record/csv.hpp"
#include "app/core/report/channel_presentation.hpp"
#include "app/core/report/document_markdown.hpp"
#include "app/core/report/message_markup.hpp"
#include "app/core/report/value_format.hpp"

namespace wattbench::core::report {

namespace {

using i18n::Language;
using i18n::tr;
using i18n::trf;

std::string signed_ratio(Language lang, double v) {
    auto text = format_ratio(v);
    return i18n::localize_decimal(
        lang, (v > 0.0 && text.find_first_not_of("0.") != std::string::npos) ? "+" + text : text);
}

std::string signed_pct(Language lang, double v) {
    if (!std::isfinite(v)) {
        return std::string(tr(lang, "n/a"));
    }
    auto text = fmt::format("{:+.1f}", v);
    return i18n::localize_decimal(lang, text == "-0.0" ? "+0.0" : text);
}

std::string fixed(Language lang, double v, int decimals) {
    return i18n::format_number(lang, v, decimals);
}

std::string full(double v) {
    return std::isfinite(v) ? fmt::format("{}", v) : "";
}

// The catalog spells a heading as Markdown ("## {} against {}\n\n"); the block says it is one.
std::string heading_text(std::string_view message) {
    message.remove_prefix(std::min(message.find_first_not_of('#'), message.size()));
    if (!message.empty() && message.front() == ' ') {
        message.remove_prefix(1);
    }
    while (!message.empty() && message.back() == '\n') {
        message.remove_suffix(1);
    }
    return std::string(message);
}

bool any_curve(const Comparison& c) {
    return std::any_of(c.curves.begin(), c.curves.end(),
                       [](const auto& curve) { return curve.has_value(); });
}

}  // namespace

Document comparison_curve_document(const Comparison& c) {
    const Language lang = c.language;
    List runs;
    std::map<double, std::vector<std::string>> cells;  // busy CPUs -> one cell per run
    std::vector<std::string> header = {std::string(tr(lang, "Busy CPUs"))};
    for (std::size_t i = 0; i < c.curves.size(); ++i) {
        const auto name = comparison_run_name(c, i);
        const auto& curve = c.curves[i];
        if (!curve) {
            runs.items.push_back(
                {markup(lang,
                        "- {}: no power-versus-load curve (fewer than two idle or cpu phases with "
                        "wall power)\n",
                        name)});
            continue;
        }
        runs.items.push_back({plain(
            fmt::format("{} ({}/{}): {}", name, curve->device, curve->channel,
                        curve->sentence_message.empty() ? curve->sentence
                                                        : curve->sentence_message.in(lang)))});
        header.push_back(fmt::format("{} [W]", name));
        for (const auto& p : curve->points) {
            auto& row = cells[p.workers];
            row.resize(header.size() - 1);
            row.back() = p.error_w > 0.0 ? fmt::format("{} ± {}", fixed(lang, p.power_w, 1),
                                                       fixed(lang, p.error_w, 1))
                                         : fixed(lang, p.power_w, 1);
        }
    }
    Document out;
    if (!runs.items.empty()) {
        out.emplace_back(std::move(runs));
    }
    if (!any_curve(c)) {
        return out;
    }
    Table table{header, std::vector<ColumnAlign>(header.size(), ColumnAlign::right)};
    for (auto& [workers, row] : cells) {
        row.resize(header.size() - 1);
        std::vector<TableCell> line = {i18n::localize_decimal(lang, format_ratio(workers))};
        if (workers == std::round(workers)) {
            line[0] = fmt::format("{}", static_cast<long long>(workers));
        }
        line.insert(line.end(), row.begin(), row.end());
        table.add_row(std::move(line));
    }
    out.emplace_back(Paragraph{markup(lang,
                                      "\nMean wall power of the window ± the half-width of its "
                                      "95 % interval.\n\n")});
    out.emplace_back(std::move(table));
    return out;
}

namespace {

nlohmann::json number_or_null(double v) {
    return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr);
}

}  // namespace

std::string comparison_run_name(const Comparison& c, std::size_t i) {
    if (c.pairs.empty()) {
        return i < c.run_dirs.size() ? c.run_dirs[i] : std::string();
    }
    return i == 0 ? c.pairs.front().name_a : c.pairs[i - 1].name_b;
}

Document comparison_tables_document(const Comparison& c) {
    const Language lang = c.language;
    Document out{Heading{1, heading_text(tr(lang, "# Comparison\n\n"))}};
    List runs;
    for (std::size_t i = 0; i < c.run_dirs.size(); ++i) {
        const auto letter = i == 0                   ? std::string(tr(lang, "A (baseline)"))
                            : c.run_dirs.size() == 2 ? std::string("B")
                                                     : fmt::format("B{}", i);
        runs.items.push_back({plain(fmt::format("{}: {}, ", letter, comparison_run_name(c, i))) +
                              code(c.run_dirs[i])});
    }
    if (!runs.items.empty()) {
        out.emplace_back(std::move(runs));
    }
    out.emplace_back(Paragraph{
        markup(lang,
               "\nΔ = B − A; Δ % = 100 (B − A) / A with its 95 % confidence interval, combining "
               "both runs' window statistics and meter uncertainty (Welch–Satterthwaite degrees "
               "of freedom). Where the interval spans zero the verdict is \"no significant "
               "difference\".\n\n")});
    for (const auto& pair : c.pairs) {
        out.emplace_back(
            Heading{2, heading_text(trf(lang, "## {} against {}\n\n", pair.name_b, pair.name_a))});
        using A = ColumnAlign;
        Table table{{std::string(tr(lang, "Phase")), std::string(tr(lang, "Channel")), "A", "B",
                     "Δ", std::string(tr(lang, "Δ %")), std::string(tr(lang, "95 % CI")),
                     std::string(tr(lang, "Verdict"))},
                    {A::left, A::left, A::right, A::right, A::right, A::right, A::right, A::left}};
        for (const auto& r : pair.rows) {
            const auto unit = display_unit(r.unit);
            const auto channel = unit.empty() ? r.channel : r.channel + " [" + unit + "]";
            const std::string percent = std::string(i18n::unit_space(lang)) + "%";
            const auto ci = r.ci_low_pct && r.ci_high_pct
                                ? trf(lang, "[{}, {}] %", signed_pct(lang, *r.ci_low_pct),
                                      signed_pct(lang, *r.ci_high_pct))
                                : std::string(tr(lang, "n/a"));
            table.add_row(
                {r.partial ? r.phase + std::string(tr(lang, " (partial)")) : r.phase, channel,
                 i18n::localize_decimal(lang, format_ratio(r.a)),
                 i18n::localize_decimal(lang, format_ratio(r.b)), signed_ratio(lang, r.diff),
                 signed_pct(lang, r.diff_pct) + (std::isfinite(r.diff_pct) ? percent : ""), ci,
                 r.verdict_message.empty() ? r.verdict : r.verdict_message.in(lang)});
        }
        out.emplace_back(std::move(table));
    }
    const bool partial = std::any_of(c.pairs.begin(), c.pairs.end(), [](const auto& pair) {
        return std::any_of(pair.rows.begin(), pair.rows.end(),
                           [](const ComparisonRow& r) { return r.partial; });
    });
    if (partial) {
        out.emplace_back(Paragraph{
            markup(lang,
                   "(partial): the phase was interrupted in one of the runs, so its window is "
                   "shorter than planned.\n\n")});
    }
    return out;
}

// Without a curve to tabulate, the section has always ended on a blank line.
std::string render_comparison_markdown(const Comparison& c) {
    return document_markdown(comparison_tables_document(c)) + "\n## " +
           std::string(i18n::tr(c.language, kComparisonCurveHeading)) + "\n\n" +
           document_markdown(comparison_curve_document(c)) + (any_curve(c) ? "" : "\n");
}

std::string render_comparison_csv(const Comparison& c) {
    std::string out =
        "run_a,run_b,phase,channel,unit,a,b,diff,diff_pct,ci_low_pct,ci_high_pct,significant,"
        "verdict\n";
    for (const auto& pair : c.pairs) {
        for (const auto& r : pair.rows) {
            const std::vector<std::string> fields = {pair.name_a,
                                                     pair.name_b,
                                                     r.phase,
                                                     r.channel,
                                                     r.unit,
                                                     full(r.a),
                                                     full(r.b),
                                                     full(r.diff),
                                                     full(r.diff_pct),
                                                     r.ci_low_pct ? full(*r.ci_low_pct) : "",
                                                     r.ci_high_pct ? full(*r.ci_high_pct) : "",
                                                     r.significant ? "true" : "false",
                                                     r.verdict};
            for (std::size_t i = 0; i < fields.size(); ++i) {
                out += (i ? "," : "") + record::csv_field(fields[i]);
            }
            out += '\n';
        }
    }
    return out;
}

std::string render_comparison_json(const Comparison& c) {
    nlohmann::json out;
    out["runs"] = nlohmann::json::array();
    for (std::size_t i = 0; i < c.run_dirs.size(); ++i) {
        out["runs"].push_back({{"dir", c.run_dirs[i]}, {"name", comparison_run_name(c, i)}});
    }
    out["pairs"] = nlohmann::json::array();
    for (const auto& pair : c.pairs) {
        nlohmann::json rows = nlohmann::json::array();
        for (const auto& r : pair.rows) {
            rows.push_back(
                {{"phase", r.phase},
                 {"channel", r.channel},
                 {"unit", r.unit},
                 {"a", number_or_null(r.a)},
                 {"b", number_or_null(r.b)},
                 {"diff", number_or_null(r.diff)},
                 {"diff_pct", number_or_null(r.diff_pct)},
                 {"ci_low_pct", r.ci_low_pct ? number_or_null(*r.ci_low_pct) : nullptr},
                 {"ci_high_pct", r.ci_high_pct ? number_or_null(*r.ci_high_pct) : nullptr},
                 {"significant", r.significant},
                 {"partial", r.partial},
                 {"verdict", r.verdict}});
        }
        out["pairs"].push_back({{"a", pair.name_a}, {"b", pair.name_b}, {"rows", rows}});
    }
    out["curves"] = nlohmann::json::array();
    for (std::size_t i = 0; i < c.curves.size(); ++i) {
        const auto& curve = c.curves[i];
        if (!curve) {
            out["curves"].push_back(nullptr);
            continue;
        }
        nlohmann::json points = nlohmann::json::array();
        for (const auto& p : curve->points) {
            points.push_back({{"phase", p.phase},
                              {"workers", p.workers},
                              {"power_w", p.power_w},
                              {"error_w", p.error_w}});
        }
        nlohmann::json knee = nullptr;
        if (curve->knee) {
            knee = {{"cores", curve->knee->cores},
                    {"per_core_w", curve->knee->per_core_w},
                    {"per_thread_w", curve->knee->per_thread_w
                                         ? nlohmann::json(*curve->knee->per_thread_w)
                                         : nlohmann::json(nullptr)},
                    {"from_topology", curve->knee->from_topology}};
        }
        out["curves"].push_back({{"run", comparison_run_name(c, i)},
                                 {"device", curve->device},
                                 {"channel", curve->channel},
                                 {"points", points},
                                 {"marginal_w", curve->marginal_w},
                                 {"knee", knee},
                                 {"sentence", curve->sentence}});
    }
    return out.dump(2) + "\n";
}

}  // namespace wattbench::core::report
