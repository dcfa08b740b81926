#include <cstdint>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "app/core/report/manifest_fields.hpp"
#include "app/core/report/markdown_sections.hpp"
#include "app/core/report/markdown_text.hpp"
#include "app/core/report/report_content.hpp"
#include "app/core/report/run_liveness.hpp"
#include "app/core/report/utc_time.hpp"
#include "app/core/report/value_format.hpp"

namespace wattbench::core::report {

namespace {

std::string status_text(const RunData& run) {
    const auto status = run_status(run.liveness, run.info);
    const auto phase = stopped_phase(run.liveness, run.info);
    const auto& code = run.info.run.exit_code;
    const auto exit_code = code ? std::optional<std::string>(std::to_string(*code)) : std::nullopt;
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

}  // namespace

std::string facts_body(const ReportContent& content) {
    std::string out;
    const RunData& run = content.run;
    const auto& m = run.info;
    const auto& r = m.run;
    const auto& host = m.host;
    auto text = [](const std::optional<std::string>& value) {
        return one_line(value.value_or(std::string(kUnknown)));
    };
    // A key the manifest lacks reads as empty in the typed struct: say so as for a null one.
    auto known = [](const std::string& value) {
        return value.empty() ? std::string(kUnknown) : one_line(value);
    };
    auto number = [](const std::optional<std::int64_t>& value) {
        return value ? std::optional<double>(static_cast<double>(*value)) : std::nullopt;
    };

    const auto& started = r.started;
    const auto& ended = r.ended;
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

    out += fmt::format("- **Host:** {}\n", text(host.hostname));
    std::string cpu = text(host.cpu_model);
    const auto logical = number(host.logical_cpus);
    const auto physical = number(host.physical_cores);
    const auto packages = number(host.packages);
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
    out += fmt::format("- **Kernel:** {}\n", text(host.kernel));
    out += fmt::format("- **OS:** {}\n", text(host.os));
    const auto memory = number(host.memory_bytes);
    out += fmt::format("- **Memory:** {}\n",
                       memory && *memory > 0
                           ? format_fixed(*memory / (1024.0 * 1024.0 * 1024.0), 1) + " GiB"
                           : std::string(kUnknown));

    out += fmt::format("- **Tool:** {} {}\n", m.tool.name.empty() ? "wattbench" : m.tool.name,
                       known(m.tool.version));

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
        profile += fmt::format(" (overridden: {})", join(overrides, ", "));
    }
    out += fmt::format("- **Profile:** {}\n", profile);

    out += "- **Devices:**";
    if (m.devices.empty()) {
        out += " none\n";
        return out;
    }
    out += '\n';
    for (const auto& d : m.devices) {
        std::vector<std::string> names;
        if (d.identity) {
            for (const auto* value : {&d.identity->vendor, &d.identity->model}) {
                if (!value->empty()) {
                    names.push_back(one_line(*value));
                }
            }
        }
        std::string line =
            fmt::format("  - {}: {} (driver {}", known(d.id),
                        names.empty() ? "identity unknown" : join(names, " "), known(d.driver));
        if (d.optional) {
            line += ", optional";
        }
        line += ')';
        if (d.state == rundir::DeviceState::failed) {
            line += " — **failed**";
            if (d.error) {
                line += ": " + one_line(*d.error);
            }
        }
        out += line + '\n';
    }
    return out;
}

// A reader skimming the summary must not take a partial run for a complete one, so everything
// that makes the figures incomplete is said once, up front.
std::string incomplete_body(const ReportContent& content) {
    std::string out;
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
    return out;
}

}  // namespace wattbench::core::report
