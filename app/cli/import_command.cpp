#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include <memory>

#include "app/cli/commands.hpp"
#include "app/core/profile/duration.hpp"
#include "app/core/record/utc_time.hpp"
#include "drivers/voltcraft/el4000_import.hpp"

namespace wattbench::cli {
namespace {

struct ImportArgs {
    std::string sd_folder;
    std::string run_dir;
    std::string device = "el4000";
    std::string offset;
    std::optional<double> accuracy;
};

std::optional<std::chrono::nanoseconds> signed_duration(std::string_view text) {
    const bool negative = !text.empty() && text.front() == '-';
    if (negative || (!text.empty() && text.front() == '+')) {
        text.remove_prefix(1);
    }
    auto d = core::profile::parse_duration(text);
    if (!d) {
        return std::nullopt;
    }
    return negative ? -*d : *d;
}

int run_import(const ImportArgs& args) {
    drivers::voltcraft::El4000Import o;
    o.sd_folder = args.sd_folder;
    o.run_dir = args.run_dir;
    o.device_id = args.device;
    o.accuracy_percent = args.accuracy;
    if (!args.offset.empty()) {
        auto d = signed_duration(args.offset);
        if (!d) {
            fmt::print(stderr,
                       "wattbench: --offset '{}': invalid duration (use forms like 90s, -2m, "
                       "1h30m)\n",
                       args.offset);
            return kExitUsage;
        }
        o.offset = *d;
    }
    if (o.accuracy_percent && !(*o.accuracy_percent > 0.0 && *o.accuracy_percent < 100.0)) {
        fmt::print(stderr, "wattbench: --accuracy: expected a percentage above 0 and below 100\n");
        return kExitUsage;
    }
    auto result = drivers::voltcraft::import_el4000(o);
    if (auto* err = std::get_if<std::string>(&result)) {
        fmt::print(stderr, "wattbench: import el4000: {}\n", *err);
        return kExitUsage;
    }
    const auto& r = std::get<drivers::voltcraft::El4000ImportResult>(result);
    for (const auto& s : r.skipped) {
        fmt::print(stderr, "wattbench: skipped {}\n", s);
    }
    fmt::print(stderr,
               "wattbench: merged {} minute reading(s) from {} file(s) as device '{}' into {}; "
               "{} record(s) outside the run left out\n",
               r.readings, r.files.size(), args.device, args.run_dir, r.outside);
    for (const auto& row : r.rows) {
        if (row.channel == "power") {
            fmt::print(
                stderr, "wattbench:   {:<12} {}/power {} ({} reading(s))\n", row.phase, row.device,
                row.samples ? fmt::format("{:.1f} W", row.mean) : std::string("—"), row.samples);
        }
    }
    return kExitOk;
}

}  // namespace

Subcommand add_import_command(CLI::App& app) {
    auto args = std::make_shared<ImportArgs>();
    auto* cmd = app.add_subcommand("import", "Merge a logger's recordings into a run directory");
    cmd->require_subcommand(1);
    auto* el4000 = cmd->add_subcommand(
        "el4000", "Voltcraft Energy Logger 3500/4000 SD card: minute readings into a run");
    el4000->add_option("sd_folder", args->sd_folder, "Folder with the card's INFO and *.BIN files")
        ->required();
    el4000->add_option("run_dir", args->run_dir, "Run directory to merge into")->required();
    el4000->add_option("--device", args->device, "Device id for the logger (default el4000)");
    el4000->add_option("--offset", args->offset,
                       "Logger clock error added to its times, e.g. 30s or -1m10s");
    el4000->add_option("--accuracy", args->accuracy,
                       "The logger's power accuracy in percent (feeds the uncertainty column)");
    return {cmd, [args] { return run_import(*args); }};
}

}  // namespace wattbench::cli
