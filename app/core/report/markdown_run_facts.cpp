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

}  // namespace

std::string facts_body(const ReportContent& content) {
    std::string out;
    const RunData& run = content.run;
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
        return out;
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
    return out;
}

// A reader skimming the summary must not take a partial run for a complete one, so everything
// that makes the figures incomplete is said once, up front.
std::string incomplete_body(const ReportContent& content) {
    std::string out;
    const RunData& run = content.run;
    const auto& phases = content.phases;
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
