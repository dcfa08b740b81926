#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include <memory>

#include "app/cli/commands.hpp"
#include "app/core/postrun/annotate.hpp"
#include "app/core/rundir/utc_time.hpp"

namespace wattbench::cli {
namespace {

struct AnnotateArgs {
    std::string run_dir;
    std::string phase;
    std::string device;
    std::optional<double> start_kwh, end_kwh, start_w, end_w, accuracy;
    std::string start_time, end_time;
};

int run_annotate(const AnnotateArgs& args) {
    core::postrun::Annotation a;
    a.run_dir = args.run_dir;
    a.phase = args.phase;
    a.device = args.device;
    a.accuracy_percent = args.accuracy;
    const bool energy = args.start_kwh || args.end_kwh;
    const bool power = args.start_w || args.end_w;
    if (energy == power || (energy && !(args.start_kwh && args.end_kwh)) ||
        (power && !(args.start_w && args.end_w))) {
        fmt::print(stderr,
                   "wattbench: annotate: give --start-kwh and --end-kwh (energy "
                   "counter), or --start-w and --end-w (power readings)\n");
        return kExitUsage;
    }
    a.kind = energy ? core::postrun::Annotation::Kind::energy_kwh
                    : core::postrun::Annotation::Kind::power_w;
    a.start = energy ? *args.start_kwh : *args.start_w;
    a.end = energy ? *args.end_kwh : *args.end_w;
    for (const auto& [flag, text, out] :
         {std::tuple{"--start-time", &args.start_time, &a.start_time},
          std::tuple{"--end-time", &args.end_time, &a.end_time}}) {
        if (text->empty()) {
            continue;
        }
        *out = core::rundir::parse_utc_time(*text);
        if (!*out) {
            fmt::print(stderr,
                       "wattbench: {} '{}': expected UTC like 2026-11-29T19:50:40Z or "
                       "2026-11-29T19:50:40.123Z\n",
                       flag, *text);
            return kExitUsage;
        }
    }
    if (a.accuracy_percent && !(*a.accuracy_percent > 0.0 && *a.accuracy_percent < 100.0)) {
        fmt::print(stderr, "wattbench: --accuracy: expected a percentage above 0 and below 100\n");
        return kExitUsage;
    }
    auto result = core::postrun::annotate(a);
    if (auto* err = std::get_if<std::string>(&result)) {
        fmt::print(stderr, "wattbench: annotate: {}\n", *err);
        return kExitUsage;
    }
    for (const auto& row : std::get<std::vector<core::stats::ChannelSummary>>(result)) {
        if (row.phase == args.phase && row.channel == "power") {
            fmt::print(stderr, "wattbench: phase {}: {}/power {}\n", row.phase, row.device,
                       row.samples ? fmt::format("{:.2f} W", row.mean)
                                   : std::string("— (no valid pair of readings)"));
        }
    }
    return kExitOk;
}

}  // namespace

Subcommand add_annotate_command(CLI::App& app) {
    auto args = std::make_shared<AnnotateArgs>();
    auto* cmd = app.add_subcommand("annotate",
                                   "Add a manual meter's readings of one phase to a finished run");
    cmd->add_option("run_dir", args->run_dir, "Run directory")->required();
    cmd->add_option("--phase", args->phase, "Phase name")->required();
    cmd->add_option("--device", args->device, "Device id of the manual meter")->required();
    cmd->add_option("--start-kwh", args->start_kwh, "Energy counter at the start (kWh)");
    cmd->add_option("--end-kwh", args->end_kwh, "Energy counter at the end (kWh)");
    cmd->add_option("--start-w", args->start_w, "Power read at the start (W)");
    cmd->add_option("--end-w", args->end_w, "Power read at the end (W)");
    cmd->add_option("--start-time", args->start_time,
                    "When the start reading was taken (UTC; default: window start)");
    cmd->add_option("--end-time", args->end_time,
                    "When the end reading was taken (UTC; default: window end)");
    cmd->add_option("--accuracy", args->accuracy,
                    "A new device's accuracy in percent of reading (uncertainty column)");
    return {cmd, [args] { return run_annotate(*args); }};
}

}  // namespace wattbench::cli
