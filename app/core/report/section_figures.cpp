#include <initializer_list>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "app/core/report/channel_presentation.hpp"
#include "app/core/report/report_content.hpp"
#include "app/core/report/section_bodies.hpp"
#include "app/core/report/section_text.hpp"
#include "app/core/report/threshold_kinds.hpp"
#include "app/core/report/value_format.hpp"

namespace wattbench::core::report {

namespace {

// The load kinds a profile names ("idle", "cpu"), as the reader's language calls them; a kind
// this version does not know as written.
std::string load_word(Language lang, const std::string& load) {
    static constexpr std::string_view kLoads[] = {i18n::noop_tr("idle"), i18n::noop_tr("cpu"),
                                                  i18n::noop_tr("disk"), i18n::noop_tr("command")};
    for (const auto known : kLoads) {
        if (load == known) {
            return std::string(tr(lang, known));
        }
    }
    return one_line(load);
}

std::vector<std::string> words(Language lang, std::initializer_list<std::string_view> msgids) {
    std::vector<std::string> out;
    for (const auto msgid : msgids) {
        out.emplace_back(tr(lang, msgid));
    }
    return out;
}

void append_phase(Document& out, Language lang, const RunData& run, const PhaseView& phase) {
    out.emplace_back(Heading{3, one_line(phase.title())});
    Inline line =
        markup(lang, "**Load:** {}",
               phase.load.empty() ? std::string(tr(lang, kUnknown)) : load_word(lang, phase.load));
    if (phase.workers) {
        line +=
            plain(", " + plural(lang, *phase.workers, i18n::noop_tr_n("{} worker", "{} workers")));
    }
    if (!phase.window_start.empty() || !phase.window_end.empty()) {
        line += markup(lang, " · **Window:** {}",
                       one_line(time_span(lang, phase.window_start, phase.window_end)));
    }
    out.emplace_back(Paragraph{std::move(line)});
    // Flags are per phase (the same on each of its rows), so the first row that has any speaks
    // for the phase.
    for (const PhaseRow* row : phase.rows) {
        if (!row->flags.empty()) {
            out.emplace_back(Paragraph{markup(lang, "**Flags:** {}\n\n", one_line(row->flags))});
            break;
        }
    }

    Table table{words(lang, {i18n::noop_tr("Channel"), i18n::noop_tr("Unit"), i18n::noop_tr("Mean"),
                             i18n::noop_tr("Min"), i18n::noop_tr("Max"), i18n::noop_tr("Stddev"),
                             i18n::noop_tr("Samples"), i18n::noop_tr("Coverage")}),
                {Align::left, Align::left, Align::right, Align::right, Align::right, Align::right,
                 Align::right, Align::right}};
    for (const PhaseRow* row : phase.rows) {
        const auto p = present_channel(run.info, row->device, row->channel, row->unit);
        const std::string_view missing =
            p.group == SummaryGroup::state && row->samples > 0 ? tr(lang, kNotNumeric) : kNoData;
        auto number = [&](const std::optional<double>& v, int decimals) {
            return v ? number_text(lang, *v, decimals) : std::string(missing);
        };
        std::string coverage = percent_text(lang, row->coverage);
        if (row->coverage < kCoverageWarning) {
            coverage += kLowCoverageMark;
        }
        table.add_row({p.name, p.unit, number(row->mean, p.decimals), number(row->min, p.decimals),
                       number(row->max, p.decimals), number(row->stddev, p.decimals + 1),
                       localized(lang, fmt::format("{}", row->samples)), coverage});
    }
    out.emplace_back(std::move(table));
    for (const PhaseRow* row : phase.rows) {
        if (!row->states.empty()) {
            out.emplace_back(
                Paragraph{markup(lang, "\n**States of {}/{}:** {}\n", one_line(row->device),
                                 one_line(row->channel), one_line(format_states(row->states)))});
        }
    }
}

}  // namespace

Document performance_body(const ReportContent& content) {
    const auto& perf = content.performance;
    if (perf.empty()) {
        return {};
    }
    const Language lang = content.language;
    const auto& wall = content.wall_power;
    Document out{Paragraph{
        wall ? markup(lang,
                      "Each command phase's score (the last match of its `score` regex) divided by "
                      "the window's mean wall power ({}/{}).\n\n",
                      one_line(wall->device), one_line(wall->channel))
             : markup(lang,
                      "Each command phase's score (the last match of its `score` regex); "
                      "no wall power channel (a `power` channel in W) was recorded, so "
                      "there is no score per watt.\n\n")}};
    Table table{words(lang, {i18n::noop_tr("Phase"), i18n::noop_tr("Score"),
                             i18n::noop_tr("Power [W]"), i18n::noop_tr("Score per W")}),
                {Align::left, Align::right, Align::right, Align::right}};
    for (const auto& p : perf) {
        const std::string space(i18n::unit_space(lang));
        const std::string unit = p.unit.empty() ? "" : space + one_line(p.unit);
        table.add_row({one_line(p.phase->title()),
                       localized(lang, fmt::format("{}", p.score)) + unit,
                       p.power_w ? number_text(lang, *p.power_w, 1) : std::string(kNoData),
                       p.score_per_watt ? localized(lang, format_ratio(*p.score_per_watt)) + unit +
                                              (unit.empty() ? "" : std::string(tr(lang, " per W")))
                                        : std::string(kNoData)});
    }
    out.emplace_back(std::move(table));
    return out;
}

// ISO 7779: each phase's sound level corrected for the room's background. Only when a
// background is known (a background phase or a background_noise setting).
Document noise_body(const ReportContent& content) {
    const auto& rows = content.noise;
    if (rows.empty()) {
        return {};
    }
    const Language lang = content.language;
    Document out{Paragraph{markup(
        lang,
        "Leq is the energy average of the window. Corrected: 10·log10(10^(L/10) − 10^(Lbg/10)) "
        "where the phase is 3 to 10 dB above the background; above 10 dB the level stands "
        "uncorrected; under 3 dB it is invalid (the machine is not heard above the room).\n\n")}};
    Table table{words(lang, {i18n::noop_tr("Phase"), i18n::noop_tr("Channel"), "Leq", "L10", "L90",
                             i18n::noop_tr("Background"), "Δ", i18n::noop_tr("Level")}),
                {Align::left, Align::left, Align::right, Align::right, Align::right, Align::right,
                 Align::right, Align::right}};
    auto db = [&](std::optional<double> v) {
        return v ? number_text(lang, *v, 1) : std::string(kNoData);
    };
    const std::string space(i18n::unit_space(lang));
    for (const auto& n : rows) {
        std::string level;
        switch (n.corrected.kind) {
            case CorrectedLevel::Kind::uncorrected:
                level = trf(lang, "{} (uncorrected)",
                            number_text(lang, n.corrected.level_db, 1) + space + n.row->unit);
                break;
            case CorrectedLevel::Kind::corrected:
                level = trf(lang, "{} (corrected)",
                            number_text(lang, n.corrected.level_db, 1) + space + n.row->unit);
                break;
            case CorrectedLevel::Kind::invalid:
                level = tr(lang, "invalid (< 3 dB above background)");
                break;
        }
        table.add_row(
            {n.phase->title(), n.row->device + "/" + n.row->channel, db(n.row->mean),
             db(n.row->l10), db(n.row->l90),
             fmt::format("{} ({})", number_text(lang, n.background_db, 1), n.background_source),
             number_text(lang, n.corrected.difference_db, 1), level});
    }
    out.emplace_back(std::move(table));
    return out;
}

Document limits_body(const ReportContent& content) {
    const Language lang = content.language;
    const RunData& run = content.run;
    std::vector<std::string> header =
        words(lang, {i18n::noop_tr("Channel"), i18n::noop_tr("Unit")});
    std::vector<Align> align{Align::left, Align::left};
    for (const auto& kind : kThresholdKinds) {
        header.emplace_back(kind.abbreviation);
        align.push_back(Align::right);
    }
    Table table{std::move(header), std::move(align)};
    bool any = false;
    for (const auto& d : run.info.devices) {
        for (const auto& c : d.channels) {
            const auto p = present_channel(run.info, d.id, c.name, c.unit);
            std::vector<TableCell> cells{p.name, p.unit};
            bool has_limit = false;
            for (const auto& kind : kThresholdKinds) {
                const auto limit = kind.of(c.thresholds);
                has_limit = has_limit || limit.has_value();
                cells.push_back(limit ? number_text(lang, *limit, p.decimals)
                                      : std::string(kNoData));
            }
            if (has_limit) {
                any = true;
                table.add_row(std::move(cells));
            }
        }
    }
    if (!any) {
        return {};
    }
    Document out{Paragraph{markup(lang,
                                  "Sensor thresholds as the devices declare them (IPMI: "
                                  "lower/upper non-recoverable, critical, non-critical).\n\n")}};
    out.emplace_back(std::move(table));
    return out;
}

Document phase_details_body(const ReportContent& content) {
    bool any_rows = false;
    for (const auto& p : content.phases) {
        any_rows = any_rows || !p.rows.empty();
    }
    if (!any_rows) {
        return {};
    }
    const Language lang = content.language;
    Document out{
        Paragraph{markup(lang,
                         "Coverage is the share of the window's expected readings that "
                         "were valid;{} marks less than {} %.\n",
                         kLowCoverageMark, fmt::format("{:.0f}", kCoverageWarning * 100))}};
    for (const auto& p : content.phases) {
        if (!p.rows.empty()) {
            append_phase(out, lang, content.run, p);
        }
    }
    return out;
}

}  // namespace wattbench::core::report
