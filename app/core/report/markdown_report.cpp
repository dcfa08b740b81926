#include "app/core/report/markdown_report.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <utility>

#include <fmt/format.h>

#include "app/core/report/background_noise.hpp"
#include "app/core/report/channel_presentation.hpp"
#include "app/core/report/manifest_fields.hpp"
#include "app/core/report/markdown_table.hpp"
#include "app/core/report/performance.hpp"
#include "app/core/report/report_content.hpp"
#include "app/core/report/run_liveness.hpp"
#include "app/core/report/run_phases.hpp"
#include "app/core/report/summary_table.hpp"
#include "app/core/report/threshold_kinds.hpp"
#include "app/core/report/utc_time.hpp"
#include "app/core/report/validity_lines.hpp"
#include "app/core/report/value_format.hpp"

namespace wattbench::core::report {

namespace {

using Align = MarkdownTable::Align;

constexpr std::string_view kNoData = "–";
constexpr std::string_view kNotNumeric = "n/a";
constexpr std::string_view kUnknown = "unknown";
constexpr std::string_view kLowCoverageMark = " ⚠";

// Headings and list items are single lines; a newline in a name would break the document.
std::string one_line(std::string_view text) {
    std::string out(text);
    for (char& c : out) {
        if (c == '\n' || c == '\r') {
            c = ' ';
        }
    }
    return out;
}

std::string plural(double count, std::string_view one, std::string_view many) {
    const std::string number =
        count == std::floor(count) ? fmt::format("{:.0f}", count) : fmt::format("{}", count);
    return fmt::format("{} {}", number, count == 1.0 ? one : many);
}

std::string join(const std::vector<std::string>& items, std::string_view sep) {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i > 0) {
            out += sep;
        }
        out += items[i];
    }
    return out;
}

// Nothing when either time does not parse or the clock went backwards in between.
std::optional<std::int64_t> elapsed_ms(std::string_view start, std::string_view end) {
    const auto from = parse_utc_ms(start);
    const auto to = parse_utc_ms(end);
    if (!from || !to || *to < *from) {
        return std::nullopt;
    }
    return *to - *from;
}

// "2026-11-29 19:55:40 → 20:05:40 UTC (10 min)", the date repeated only when the span crosses
// midnight.
std::string time_span(const std::string& start, const std::string& end) {
    if (!parse_utc_ms(start) || !parse_utc_ms(end)) {
        return fmt::format("{} → {}", start.empty() ? std::string(kUnknown) : start,
                           end.empty() ? std::string(kUnknown) : end);
    }
    const std::string from_text = format_utc(start);
    const std::string to_text =
        start.substr(0, 10) == end.substr(0, 10) ? format_utc_time(end) + " UTC" : format_utc(end);
    std::string out = fmt::format("{} → {}", from_text.substr(0, from_text.size() - 4), to_text);
    if (const auto ms = elapsed_ms(start, end)) {
        out += fmt::format(" ({})", format_duration(*ms));
    }
    return out;
}

std::string status_text(const RunData& run) {
    const auto* r = member(run.manifest, "run");
    const auto status = run_status(run.liveness, run.manifest);
    const auto phase = stopped_phase(run.liveness, run.manifest);
    const auto exit_code = text_of(member(r, "exit_code"));
    if (!status) {
        return "unknown";
    }
    std::string out = *status == "completed" ? *status : fmt::format("**{}**", one_line(*status));
    if (run.liveness == Liveness::killed) {
        out += " (no end recorded)";
    }
    if (phase) {
        out += fmt::format(" during phase {}", one_line(*phase));
    }
    if (exit_code && (*status != "completed" || *exit_code != "0")) {
        out += fmt::format(" (exit code {})", *exit_code);
    }
    return out;
}

void append_facts(std::string& out, const RunData& run) {
    const auto& m = run.manifest;
    const auto* r = member(m, "run");
    const auto* host = member(m, "host");
    auto text = [](const nlohmann::json* object, std::string_view key) {
        return one_line(text_of(member(object, key)).value_or(std::string(kUnknown)));
    };

    const auto started = text_of(member(r, "started"));
    const auto ended = text_of(member(r, "ended"));
    out +=
        fmt::format("- **Started:** {}\n", started ? format_utc(*started) : std::string(kUnknown));
    if (ended) {
        std::string line = format_utc(*ended);
        if (const auto ms = elapsed_ms(started.value_or(""), *ended)) {
            line += fmt::format(" (duration {})", format_duration(*ms));
        }
        out += fmt::format("- **Ended:** {}\n", line);
    } else {
        out += "- **Ended:** not recorded\n";
    }
    out += fmt::format("- **Status:** {}\n", status_text(run));

    out += fmt::format("- **Host:** {}\n", text(host, "hostname"));
    std::string cpu = text(host, "cpu_model");
    const auto logical = number_of(member(host, "logical_cpus"));
    const auto physical = number_of(member(host, "physical_cores"));
    const auto packages = number_of(member(host, "packages"));
    if (logical || physical) {
        cpu += fmt::format(
            ", {} / {}",
            logical ? plural(*logical, "logical CPU", "logical CPUs") : "? logical CPUs",
            physical ? plural(*physical, "physical core", "physical cores") : "? physical cores");
    }
    if (packages) {
        cpu += fmt::format(" in {}", plural(*packages, "package", "packages"));
    }
    out += fmt::format("- **CPU:** {}\n", cpu);
    out += fmt::format("- **Kernel:** {}\n", text(host, "kernel"));
    out += fmt::format("- **OS:** {}\n", text(host, "os"));
    const auto memory = number_of(member(host, "memory_bytes"));
    out += fmt::format("- **Memory:** {}\n",
                       memory && *memory > 0
                           ? format_fixed(*memory / (1024.0 * 1024.0 * 1024.0), 1) + " GiB"
                           : std::string(kUnknown));

    const auto* tool = member(m, "tool");
    out += fmt::format("- **Tool:** {} {}\n", text_of(member(tool, "name")).value_or("wattbench"),
                       text(tool, "version"));

    std::string profile = text(r, "profile_path");
    std::vector<std::string> overrides;
    const auto* o = member(r, "overrides");
    for (const char* key : {"warmup", "window"}) {
        if (const auto value = text_of(member(o, key))) {
            overrides.push_back(fmt::format("{} {}", key, one_line(*value)));
        }
    }
    if (const auto* only = member(o, "only"); only && only->is_array() && !only->empty()) {
        std::vector<std::string> names;
        for (const auto& name : *only) {
            names.push_back(one_line(text_of(&name).value_or("?")));
        }
        overrides.push_back("only " + join(names, ", "));
    }
    if (!overrides.empty()) {
        profile += fmt::format(" (overridden: {})", join(overrides, ", "));
    }
    out += fmt::format("- **Profile:** {}\n", profile);

    out += "- **Devices:**";
    const auto* devices = member(m, "devices");
    if (devices == nullptr || devices->empty()) {
        out += " none\n";
        return;
    }
    out += '\n';
    for (const auto& d : *devices) {
        const auto* identity = member(&d, "identity");
        std::vector<std::string> names;
        for (const char* key : {"vendor", "model"}) {
            if (const auto value = text_of(member(identity, key)); value && !value->empty()) {
                names.push_back(one_line(*value));
            }
        }
        std::string line =
            fmt::format("  - {}: {} (driver {}", text(&d, "id"),
                        names.empty() ? "identity unknown" : join(names, " "), text(&d, "driver"));
        if (const auto* optional = member(&d, "optional");
            optional && optional->is_boolean() && optional->get<bool>()) {
            line += ", optional";
        }
        line += ')';
        if (text_of(member(&d, "state")) == "failed") {
            line += " — **failed**";
            if (const auto error = text_of(member(&d, "error"))) {
                line += ": " + one_line(*error);
            }
        }
        out += line + '\n';
    }
}

// A reader skimming the summary must not take a partial run for a complete one, so everything
// that makes the figures incomplete is said once, up front.
void append_incomplete_note(std::string& out, const RunData& run,
                            const std::vector<PhaseView>& phases) {
    const auto* r = member(run.manifest, "run");
    const auto status = run_status(run.liveness, run.manifest);
    const auto phase = stopped_phase(run.liveness, run.manifest);
    const auto failure = text_of(member(r, "failure"));
    std::vector<std::string> partial;
    std::vector<std::string> unmeasured;
    for (const auto& p : phases) {
        if (p.rows.empty()) {
            unmeasured.push_back(one_line(p.title()));
        } else if (!p.finished()) {
            partial.push_back(one_line(p.name));
        }
    }
    std::vector<std::string> failed;
    if (const auto* devices = member(run.manifest, "devices")) {
        for (const auto& d : *devices) {
            if (text_of(member(&d, "state")) == "failed") {
                failed.push_back(one_line(text_of(member(&d, "id")).value_or("?")));
            }
        }
    }
    if (status == "completed" && partial.empty() && unmeasured.empty() && failed.empty()) {
        return;
    }

    out += "\n> **Incomplete results.**";
    if (!status) {
        out += " The manifest has no final status; the run may not have ended.";
    } else if (run.liveness == Liveness::live) {
        out += " The run is still being recorded.";
    } else if (*status != "completed") {
        const std::string how = *status == "interrupted" ? "was interrupted"
                                : *status == "killed"    ? "was killed (no end recorded)"
                                : *status == "failed"    ? "failed"
                                                         : "ended as " + one_line(*status);
        out += " The run " + how;
        if (phase) {
            out += fmt::format(" during phase {}", one_line(*phase));
        }
        out += failure ? fmt::format(": {}.", one_line(*failure)) : std::string(".");
    }
    out += '\n';
    if (!partial.empty()) {
        out += fmt::format("> - Partial averaging window: {}\n", join(partial, ", "));
    }
    if (!unmeasured.empty()) {
        out += fmt::format("> - Not measured: {}\n", join(unmeasured, ", "));
    }
    if (!failed.empty()) {
        out += fmt::format("> - Failed device{}: {} (no readings after the failure)\n",
                           failed.size() > 1 ? "s" : "", join(failed, ", "));
    }
}

void append_summary(std::string& out, const SummaryTable& summary) {
    out += "\n## Summary\n\n";
    if (summary.columns.empty()) {
        out += "No phase has results.\n";
        return;
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
}

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

// Whole numbers without decimals ("1 %", "20"), others to about four significant figures.
std::string plain_number(double value) {
    if (value == std::floor(value) && std::abs(value) < 1e15) {
        return fmt::format("{:.0f}", value);
    }
    std::string out = format_ratio(value);
    if (out.find('.') != std::string::npos) {
        out.erase(out.find_last_not_of('0') + 1);
        if (out.back() == '.') {
            out.pop_back();
        }
    }
    return out;
}

std::string percent_limit(double share) {
    return plain_number(share * 100.0) + " %";
}

// The lowest coverage of the phase's channels: one channel missing readings is enough to doubt
// the window.
std::optional<double> lowest_coverage(const PhaseView& phase) {
    std::optional<double> low;
    for (const PhaseRow* row : phase.rows) {
        if (!low || row->coverage < *low) {
            low = row->coverage;
        }
    }
    return low;
}

// The wall power channel's relative uncertainty, else the largest of the phase's power rows.
std::optional<double> phase_uncertainty(const RunData& run, const PhaseView& phase) {
    const auto wall = wall_power_channel(run);
    std::optional<double> worst;
    for (const PhaseRow* row : phase.rows) {
        if (!std::isfinite(row->uncertainty)) {
            continue;
        }
        if (wall && row->device == wall->device && row->channel == wall->channel) {
            return row->uncertainty;
        }
        if (!worst || row->uncertainty > *worst) {
            worst = row->uncertainty;
        }
    }
    return worst;
}

std::string phase_flags(const RunData& run, const PhaseView& phase) {
    for (const PhaseRow* row : phase.rows) {
        if (!row->flags.empty()) {
            return row->flags;
        }
    }
    std::vector<std::string> flags;
    if (const auto* list = member(find_phase(run.manifest, phase.name), "flags");
        list && list->is_array()) {
        for (const auto& f : *list) {
            flags.push_back(text_of(&f).value_or("?"));
        }
    }
    return join(flags, ";");
}

void append_validity(std::string& out, const ReportContent& content) {
    const RunValidity& v = content.validity;
    out += "\n## Validity\n\n";
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
        const auto view = std::find_if(content.phases.begin(), content.phases.end(),
                                       [&](const PhaseView& x) { return x.name == p.phase; });
        std::string coverage(kNoData);
        std::string uncertainty(kNoData);
        std::string flags;
        std::string title = p.phase;
        if (view != content.phases.end()) {
            title = view->title();
            if (const auto c = lowest_coverage(*view)) {
                coverage = format_percent(*c);
            }
            if (const auto u = phase_uncertainty(content.run, *view)) {
                uncertainty = fmt::format("{} %", format_fixed(*u * 100.0, 2));
            }
            flags = phase_flags(content.run, *view);
        }
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
}

void append_power_curve(std::string& out, const ReportContent& content) {
    if (!content.curve || content.curve->points.empty()) {
        return;
    }
    const PowerCurve& curve = *content.curve;
    out += "\n## Power versus load\n\n";
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
}

std::string settings_text(const nlohmann::json* settings) {
    if (settings == nullptr || !settings->is_object()) {
        return std::string(kNoData);
    }
    std::vector<std::string> items;
    for (const auto& [key, value] : settings->items()) {
        items.push_back(
            fmt::format("{} {}", key, one_line(text_of(&value).value_or(value.dump()))));
    }
    return items.empty() ? std::string(kNoData) : join(items, ", ");
}

void append_environment(std::string& out, const RunData& run) {
    out += "\n## Environment\n\n";
    const auto* host = member(run.manifest, "host");
    std::vector<std::string> facts;
    for (const char* key : {"hostname", "cpu_model", "kernel", "os"}) {
        if (const auto value = text_of(member(host, key)); value && !value->empty()) {
            facts.push_back(one_line(*value));
        }
    }
    out +=
        fmt::format("**Host:** {}\n", facts.empty() ? std::string(kUnknown) : join(facts, " · "));
    if (const auto* target = member(run.manifest, "target"); target && target->is_object()) {
        std::vector<std::string> tfacts;
        if (const auto* f = member(target, "facts"); f && f->is_object()) {
            for (const char* key : {"hostname", "cpu_model", "logical_cpus", "kernel", "os"}) {
                if (const auto value = text_of(member(f, key)); value && !value->empty()) {
                    tfacts.push_back(one_line(*value));
                }
            }
        }
        out += fmt::format("\n**Target (loads ran remotely):** {}{}\n",
                           one_line(text_of(member(target, "ssh")).value_or(std::string(kUnknown))),
                           tfacts.empty() ? std::string() : " — " + join(tfacts, " · "));
    }
    const auto* devices = member(run.manifest, "devices");
    if (devices == nullptr || devices->empty()) {
        out += "\nNo devices.\n";
        return;
    }
    out += "\n";
    MarkdownTable table({"Device", "Driver", "Vendor", "Model", "Serial", "Firmware", "Settings"},
                        {Align::left, Align::left, Align::left, Align::left, Align::left,
                         Align::left, Align::left});
    std::vector<std::string> accuracy;
    for (const auto& d : *devices) {
        const auto* identity = member(&d, "identity");
        auto field = [](const nlohmann::json* object, std::string_view key) {
            const auto value = text_of(member(object, key));
            return value && !value->empty() ? MarkdownTable::escape(one_line(*value))
                                            : std::string(kNoData);
        };
        const std::string id = text_of(member(&d, "id")).value_or("?");
        table.add_row({field(&d, "id"), field(&d, "driver"), field(identity, "vendor"),
                       field(identity, "model"), field(identity, "serial"),
                       field(identity, "firmware"),
                       MarkdownTable::escape(settings_text(member(&d, "settings")))});
        const auto* channels = member(&d, "channels");
        for (const auto& c : channels ? *channels : nlohmann::json::array()) {
            const auto* a = member(&c, "accuracy");
            const auto reading = number_of(member(a, "of_reading"));
            if (!reading) {
                continue;
            }
            const auto range_share = number_of(member(a, "of_range"));
            const auto range = number_of(member(a, "range"));
            const std::string unit = display_unit(text_of(member(&c, "unit")).value_or(""));
            std::string line = fmt::format("- {}/{}: ±({} of reading", one_line(id),
                                           one_line(text_of(member(&c, "name")).value_or("?")),
                                           percent_limit(*reading));
            if (range_share && *range_share > 0.0) {
                line += fmt::format(" + {} of range", percent_limit(*range_share));
            }
            line += ")";
            if (range) {
                line += fmt::format(", range {} {}", plain_number(*range), unit);
            }
            accuracy.push_back(std::move(line));
        }
    }
    out += table.render();
    if (!accuracy.empty()) {
        out += "\nDeclared accuracy (the uncertainty column is computed from it):\n\n";
        for (const auto& line : accuracy) {
            out += line + '\n';
        }
    }
}

void append_profile(std::string& out, const RunData& run) {
    const auto* profile = member(run.manifest, "profile");
    const auto text = text_of(member(profile, "text"));
    out += "\n## Appendix: the profile as run\n\n";
    if (!text || text->empty()) {
        out += "The manifest does not keep the profile's text.\n";
        return;
    }
    const auto path = text_of(member(profile, "path"));
    if (path && !path->empty()) {
        out += fmt::format("`{}`:\n\n", one_line(*path));
    }
    // A fence longer than any backtick run inside, so no line of the profile can close it.
    std::size_t longest = 0;
    std::size_t run_length = 0;
    for (const char c : *text) {
        run_length = c == '`' ? run_length + 1 : 0;
        longest = std::max(longest, run_length);
    }
    const std::string fence(std::max<std::size_t>(3, longest + 1), '`');
    out += fence + "toml\n" + *text;
    if (text->back() != '\n') {
        out += '\n';
    }
    out += fence + '\n';
}

void append_performance(std::string& out, const RunData& run,
                        const std::vector<PhaseView>& phases) {
    const auto perf = phase_performance(run, phases);
    if (perf.empty()) {
        return;
    }
    const auto wall = wall_power_channel(run);
    out += "\n## Performance per watt\n\n";
    out += wall ? fmt::format(
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
}

// ISO 7779: each phase's sound level corrected for the room's background. Only when a
// background is known (a background phase or a background_noise setting).
void append_noise(std::string& out, const RunData& run, const std::vector<PhaseView>& phases) {
    const auto rows = noise_rows(run, phases);
    if (rows.empty()) {
        return;
    }
    out += "\n## Noise (ISO 7779)\n\n";
    out +=
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
}

void append_limits(std::string& out, const RunData& run) {
    std::vector<std::string> header{"Channel", "Unit"};
    std::vector<Align> align{Align::left, Align::left};
    for (const auto& kind : kThresholdKinds) {
        header.emplace_back(kind.abbreviation);
        align.push_back(Align::right);
    }
    MarkdownTable table(std::move(header), std::move(align));
    bool any = false;
    const auto* devices = member(run.manifest, "devices");
    for (const auto& d : devices ? *devices : nlohmann::json::array()) {
        const auto* channels = member(&d, "channels");
        for (const auto& c : channels ? *channels : nlohmann::json::array()) {
            const auto* thresholds = member(&c, "thresholds");
            const auto p = present_channel(run.manifest, text_of(member(&d, "id")).value_or("?"),
                                           text_of(member(&c, "name")).value_or("?"),
                                           text_of(member(&c, "unit")).value_or(""));
            std::vector<std::string> cells{p.name, p.unit};
            bool has_limit = false;
            for (const auto& kind : kThresholdKinds) {
                const auto limit = number_of(member(thresholds, kind.key));
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
        return;
    }
    out += "\n## Limits\n\n";
    out +=
        "Sensor thresholds as the devices declare them (IPMI: lower/upper non-recoverable, "
        "critical, non-critical).\n\n";
    out += table.render();
}

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
        const auto p = present_channel(run.manifest, row->device, row->channel, row->unit);
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

void append_warnings(std::string& out, const RunData& run) {
    out += "\n## Warnings\n\n";
    const auto* warnings = member(run.manifest, "warnings");
    if (warnings == nullptr || warnings->empty()) {
        out += "None.\n";
        return;
    }
    for (const auto& w : *warnings) {
        out += fmt::format("- {}\n", one_line(text_of(&w).value_or(w.dump())));
    }
}

}  // namespace

std::string render_summary_markdown(const RunData& run) {
    const auto phases = run_phases(run);
    SummaryTable summary = build_summary(run, phases);
    add_review_rows(summary, run, phases);
    std::string out;
    append_summary(out, summary);
    return out;
}

std::string render_markdown(const ReportContent& content) {
    const RunData& run = content.run;
    const auto& phases = content.phases;
    std::string name = text_of(member(member(run.manifest, "run"), "name")).value_or("");
    if (name.empty()) {
        name = run.dir;
    }

    std::string out = fmt::format("# {}\n\n", one_line(name));
    append_facts(out, run);
    append_incomplete_note(out, run, phases);
    append_summary(out, content.summary);
    append_validity(out, content);
    append_power_curve(out, content);
    append_performance(out, run, phases);
    append_limits(out, run);
    append_noise(out, run, phases);

    bool any_rows = false;
    for (const auto& p : phases) {
        any_rows = any_rows || !p.rows.empty();
    }
    if (any_rows) {
        out += "\n## Phase details\n\n";
        out += fmt::format(
            "Coverage is the share of the window's expected readings that were valid;{} marks "
            "less than {:.0f} %.\n",
            kLowCoverageMark, kCoverageWarning * 100);
        for (const auto& p : phases) {
            if (!p.rows.empty()) {
                append_phase(out, run, p);
            }
        }
    }
    append_warnings(out, run);
    append_environment(out, run);
    append_profile(out, run);
    return out;
}

std::string render_markdown(const RunData& run) {
    return render_markdown(*report_content_from(run, SamplesScan{}));
}

}  // namespace wattbench::core::report
