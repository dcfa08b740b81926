#include <cstdint>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "app/core/report/manifest_fields.hpp"
#include "app/core/report/report_content.hpp"
#include "app/core/report/run_liveness.hpp"
#include "app/core/report/section_bodies.hpp"
#include "app/core/report/section_text.hpp"
#include "app/core/report/utc_time.hpp"
#include "app/core/report/value_format.hpp"

namespace wattbench::core::report {

namespace {

// A recorded status word ("completed", "interrupted") in `language`; others as recorded.
std::string status_word(Language language, const std::string& status) {
    static constexpr std::string_view kStatuses[] = {
        i18n::noop_tr("completed"), i18n::noop_tr("interrupted"), i18n::noop_tr("killed"),
        i18n::noop_tr("failed"), i18n::noop_tr("running")};
    for (const auto known : kStatuses) {
        if (status == known) {
            return std::string(tr(language, known));
        }
    }
    return one_line(status);
}

Inline status_text(Language language, const RunData& run) {
    const auto status = run_status(run.liveness, run.info);
    const auto phase = stopped_phase(run.liveness, run.info);
    const auto& code = run.info.run.exit_code;
    const auto exit_code = code ? std::optional<std::string>(std::to_string(*code)) : std::nullopt;
    if (!status) {
        return plain(std::string(tr(language, kUnknown)));
    }
    Inline out = *status == "completed" ? plain(status_word(language, *status))
                                        : strong(status_word(language, *status));
    if (run.liveness == Liveness::killed) {
        out += markup(language, " (no end recorded)");
    }
    if (phase) {
        out += markup(language, " during phase {}", one_line(*phase));
    }
    if (exit_code && (*status != "completed" || *exit_code != "0")) {
        out += markup(language, " (exit code {})", *exit_code);
    }
    return out;
}

}  // namespace

Document facts_body(const ReportContent& content) {
    List facts;
    auto item = [&](Inline text) { facts.items.push_back({std::move(text)}); };
    const Language lang = content.language;
    const std::string unknown(tr(lang, kUnknown));
    const RunData& run = content.run;
    const auto& m = run.info;
    const auto& r = m.run;
    const auto& host = m.host;
    auto text = [&](const std::optional<std::string>& value) {
        return one_line(value.value_or(unknown));
    };
    // A key the manifest lacks reads as empty in the typed struct: say so as for a null one.
    auto known = [&](const std::string& value) {
        return value.empty() ? unknown : one_line(value);
    };
    auto number = [](const std::optional<std::int64_t>& value) {
        return value ? std::optional<double>(static_cast<double>(*value)) : std::nullopt;
    };

    const auto& started = r.started;
    const auto& ended = r.ended;
    item(markup(lang, "- **Started:** {}\n", started ? utc_text(lang, *started) : unknown));
    if (ended) {
        std::string line = utc_text(lang, *ended);
        if (const auto ms = elapsed_ms(started.value_or(""), *ended)) {
            line += trf(lang, " (duration {})", duration_text(lang, *ms));
        }
        item(markup(lang, "- **Ended:** {}\n", line));
    } else {
        item(markup(lang, "- **Ended:** not recorded\n"));
    }
    item(markup(lang, "- **Status:** {}\n", status_text(lang, run)));

    item(markup(lang, "- **Host:** {}\n", text(host.hostname)));
    std::string cpu = text(host.cpu_model);
    const auto logical = number(host.logical_cpus);
    const auto physical = number(host.physical_cores);
    const auto packages = number(host.packages);
    if (logical || physical) {
        cpu += fmt::format(
            ", {} / {}",
            logical ? plural(lang, *logical, i18n::noop_tr_n("{} logical CPU", "{} logical CPUs"))
                    : std::string(tr(lang, "? logical CPUs")),
            physical
                ? plural(lang, *physical, i18n::noop_tr_n("{} physical core", "{} physical cores"))
                : std::string(tr(lang, "? physical cores")));
    }
    if (packages) {
        cpu += trf(lang, " in {}",
                   plural(lang, *packages, i18n::noop_tr_n("{} package", "{} packages")));
    }
    item(markup(lang, "- **CPU:** {}\n", cpu));
    item(markup(lang, "- **Kernel:** {}\n", text(host.kernel)));
    item(markup(lang, "- **OS:** {}\n", text(host.os)));
    const auto memory = number(host.memory_bytes);
    item(markup(lang, "- **Memory:** {}\n",
                memory && *memory > 0 ? number_text(lang, *memory / (1024.0 * 1024.0 * 1024.0), 1) +
                                            std::string(i18n::unit_space(lang)) + "GiB"
                                      : unknown));

    item(markup(lang, "- **Tool:** {} {}\n", m.tool.name.empty() ? "wattbench" : m.tool.name,
                known(m.tool.version)));

    std::string profile = text(r.profile_path);
    std::vector<std::string> overrides;
    // Overrides are recorded as given on the command line, so they stay JSON.
    const auto* o = &r.overrides;
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
        profile += trf(lang, " (overridden: {})", join(overrides, ", "));
    }
    item(markup(lang, "- **Profile:** {}\n", profile));

    Inline devices = markup(lang, "- **Devices:**");
    if (m.devices.empty()) {
        item(devices + markup(lang, " none\n"));
        return {std::move(facts)};
    }
    item(std::move(devices));
    for (const auto& d : m.devices) {
        std::vector<std::string> names;
        if (d.identity) {
            for (const auto* value : {&d.identity->vendor, &d.identity->model}) {
                if (!value->empty()) {
                    names.push_back(one_line(*value));
                }
            }
        }
        Inline line =
            markup(lang, "  - {}: {} (driver {}", known(d.id),
                   names.empty() ? std::string(tr(lang, "identity unknown")) : join(names, " "),
                   known(d.driver));
        if (d.optional) {
            line += markup(lang, ", optional");
        }
        line += plain(")");
        if (d.state == rundir::DeviceState::failed) {
            line += markup(lang, " — **failed**");
            if (d.error) {
                line += plain(": " + one_line(*d.error));
            }
        }
        facts.items.back().children.push_back({std::move(line)});
    }
    return {std::move(facts)};
}

// A reader skimming the summary must not take a partial run for a complete one, so everything
// that makes the figures incomplete is said once, up front.
Document incomplete_body(const ReportContent& content) {
    const Language lang = content.language;
    const RunData& run = content.run;
    const auto& phases = content.phases;
    const auto status = run_status(run.liveness, run.info);
    const auto phase = stopped_phase(run.liveness, run.info);
    const auto& failure = run.info.run.failure;
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
    for (const auto& d : run.info.devices) {
        if (d.state == rundir::DeviceState::failed) {
            failed.push_back(one_line(d.id.empty() ? std::string("?") : d.id));
        }
    }
    if (status == "completed" && partial.empty() && unmeasured.empty() && failed.empty()) {
        return {};
    }

    Inline note = markup(lang, "\n> **Incomplete results.**");
    if (!status) {
        note += markup(lang, " The manifest has no final status; the run may not have ended.");
    } else if (run.liveness == Liveness::live) {
        note += markup(lang, " The run is still being recorded.");
    } else if (*status != "completed") {
        const std::string during =
            phase ? trf(lang, " during phase {}", one_line(*phase)) : std::string();
        std::string how;
        if (*status == "interrupted") {
            how = trf(lang, " The run was interrupted{}", during);
        } else if (*status == "killed") {
            how = trf(lang, " The run was killed (no end recorded){}", during);
        } else if (*status == "failed") {
            how = trf(lang, " The run failed{}", during);
        } else {
            how = trf(lang, " The run ended as {}{}", one_line(*status), during);
        }
        note += plain(how + (failure ? fmt::format(": {}.", one_line(*failure)) : "."));
    }
    Quote quote{{Paragraph{std::move(note)}}};
    List lacking;
    if (!partial.empty()) {
        lacking.items.push_back(
            {markup(lang, "> - Partial averaging window: {}\n", join(partial, ", "))});
    }
    if (!unmeasured.empty()) {
        lacking.items.push_back({markup(lang, "> - Not measured: {}\n", join(unmeasured, ", "))});
    }
    if (!failed.empty()) {
        lacking.items.push_back(
            {markup_n(lang, "> - Failed device: {} (no readings after the failure)\n",
                      "> - Failed devices: {} (no readings after the failure)\n",
                      static_cast<double>(failed.size()), join(failed, ", "))});
    }
    if (!lacking.items.empty()) {
        quote.blocks.emplace_back(std::move(lacking));
    }
    return {std::move(quote)};
}

}  // namespace wattbench::core::report
