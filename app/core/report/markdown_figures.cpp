#include <optional>
#include <vector>

#include <fmt/format.h>

#include "app/core/report/channel_presentation.hpp"
#include "app/core/report/markdown_sections.hpp"
#include "app/core/report/markdown_text.hpp"
#include "app/core/report/report_content.hpp"
#include "app/core/report/threshold_kinds.hpp"
#include "app/core/report/value_format.hpp"

namespace wattbench::core::report {

namespace {

void append_phase(std::string& out, const RunData& run, const PhaseView& phase) {
    out += fmt::format("\n### {}\n\n", one_line(phase.title()));
    std::string line = fmt::format(
        "**Load:** {}", phase.load.empty() ? std::string(kUnknown) : one_line(phase.load));
    if (phase.workers) {
        line += fmt::format(", {}", plural(*phase.workers, "worker", "workers"));
    }
    if (!phase.window_start.empty() || !phase.window_end.empty()) {
        line += " · **Window:** " + one_line(time_span(phase.window_start, phase.window_end));
    }
    out += line + "\n\n";
    // Flags are per phase (the same on each of its rows), so the first row that has any speaks
    // for the phase.
    for (const PhaseRow* row : phase.rows) {
        if (!row->flags.empty()) {
            out += fmt::format("**Flags:** {}\n\n", one_line(row->flags));
            break;
        }
    }

    MarkdownTable table({"Channel", "Unit", "Mean", "Min", "Max", "Stddev", "Samples", "Coverage"},
                        {Align::left, Align::left, Align::right, Align::right, Align::right,
                         Align::right, Align::right, Align::right});
    for (const PhaseRow* row : phase.rows) {
        const auto p = present_channel(run.info, row->device, row->channel, row->unit);
        const std::string_view missing =
            p.group == SummaryGroup::state && row->samples > 0 ? kNotNumeric : kNoData;
        auto number = [&](const std::optional<double>& v, int decimals) {
            return v ? format_fixed(*v, decimals) : std::string(missing);
        };
        std::string coverage = format_percent(row->coverage);
        if (row->coverage < kCoverageWarning) {
            coverage += kLowCoverageMark;
        }
        table.add_row({p.name, p.unit, number(row->mean, p.decimals), number(row->min, p.decimals),
                       number(row->max, p.decimals), number(row->stddev, p.decimals + 1),
                       fmt::format("{}", row->samples), coverage});
    }
    out += table.render();
    for (const PhaseRow* row : phase.rows) {
        if (!row->states.empty()) {
            out += fmt::format("\n**States of {}/{}:** {}\n", one_line(row->device),
                               one_line(row->channel), one_line(format_states(row->states)));
        }
    }
}

}  // namespace

std::string performance_body(const ReportContent& content) {
    const auto& perf = content.performance;
    if (perf.empty()) {
        return {};
    }
    const auto& wall = content.wall_power;
    std::string out = wall
                          ? fmt::format(
                                "Each command phase's score (the last match of its `score` regex) "
                                "divided by the window's mean wall power ({}/{}).\n\n",
                                one_line(wall->device), one_line(wall->channel))
                          : std::string(
                                "Each command phase's score (the last match of its `score` regex); "
                                "no wall power channel (a `power` channel in W) was recorded, so "
                                "there is no score per watt.\n\n");
    MarkdownTable table({"Phase", "Score", "Power [W]", "Score per W"},
                        {Align::left, Align::right, Align::right, Align::right});
    for (const auto& p : perf) {
        const std::string unit = p.unit.empty() ? "" : " " + one_line(p.unit);
        table.add_row({one_line(p.phase->title()), fmt::format("{}", p.score) + unit,
                       p.power_w ? format_fixed(*p.power_w, 1) : std::string(kNoData),
                       p.score_per_watt
                           ? format_ratio(*p.score_per_watt) + unit + (unit.empty() ? "" : " per W")
                           : std::string(kNoData)});
    }
    out += table.render();
    return out;
}

// ISO 7779: each phase's sound level corrected for the room's background. Only when a
// background is known (a background phase or a background_noise setting).
std::string noise_body(const ReportContent& content) {
    const auto& rows = content.noise;
    if (rows.empty()) {
        return {};
    }
    std::string out =
        "Leq is the energy average of the window. Corrected: 10·log10(10^(L/10) − 10^(Lbg/10)) "
        "where the phase is 3 to 10 dB above the background; above 10 dB the level stands "
        "uncorrected; under 3 dB it is invalid (the machine is not heard above the room).\n\n";
    MarkdownTable table({"Phase", "Channel", "Leq", "L10", "L90", "Background", "Δ", "Level"},
                        {Align::left, Align::left, Align::right, Align::right, Align::right,
                         Align::right, Align::right, Align::right});
    auto db = [](std::optional<double> v) {
        return v ? fmt::format("{:.1f}", *v) : std::string(kNoData);
    };
    for (const auto& n : rows) {
        std::string level;
        switch (n.corrected.kind) {
            case CorrectedLevel::Kind::uncorrected:
                level = fmt::format("{:.1f} {} (uncorrected)", n.corrected.level_db, n.row->unit);
                break;
            case CorrectedLevel::Kind::corrected:
                level = fmt::format("{:.1f} {} (corrected)", n.corrected.level_db, n.row->unit);
                break;
            case CorrectedLevel::Kind::invalid:
                level = "invalid (< 3 dB above background)";
                break;
        }
        table.add_row({MarkdownTable::escape(n.phase->title()),
                       MarkdownTable::escape(n.row->device + "/" + n.row->channel), db(n.row->mean),
                       db(n.row->l10), db(n.row->l90),
                       fmt::format("{:.1f} ({})", n.background_db, n.background_source),
                       fmt::format("{:.1f}", n.corrected.difference_db), level});
    }
    out += table.render();
    return out;
}

std::string limits_body(const ReportContent& content) {
    std::string out;
    const RunData& run = content.run;
    std::vector<std::string> header{"Channel", "Unit"};
    std::vector<Align> align{Align::left, Align::left};
    for (const auto& kind : kThresholdKinds) {
        header.emplace_back(kind.abbreviation);
        align.push_back(Align::right);
    }
    MarkdownTable table(std::move(header), std::move(align));
    bool any = false;
    for (const auto& d : run.info.devices) {
        for (const auto& c : d.channels) {
            const auto p = present_channel(run.info, d.id, c.name, c.unit);
            std::vector<std::string> cells{p.name, p.unit};
            bool has_limit = false;
            for (const auto& kind : kThresholdKinds) {
                const auto limit = kind.of(c.thresholds);
                has_limit = has_limit || limit.has_value();
                cells.push_back(limit ? format_fixed(*limit, p.decimals) : std::string(kNoData));
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
    out +=
        "Sensor thresholds as the devices declare them (IPMI: lower/upper non-recoverable, "
        "critical, non-critical).\n\n";
    out += table.render();
    return out;
}

std::string phase_details_body(const ReportContent& content) {
    bool any_rows = false;
    for (const auto& p : content.phases) {
        any_rows = any_rows || !p.rows.empty();
    }
    if (!any_rows) {
        return {};
    }
    std::string out = fmt::format(
        "Coverage is the share of the window's expected readings that were valid;{} marks "
        "less than {:.0f} %.\n",
        kLowCoverageMark, kCoverageWarning * 100);
    for (const auto& p : content.phases) {
        if (!p.rows.empty()) {
            append_phase(out, content.run, p);
        }
    }
    return out;
}

}  // namespace wattbench::core::report
