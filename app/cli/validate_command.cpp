#include <fmt/format.h>

#include "app/cli/commands.hpp"
#include "app/cli/profile_loading.hpp"
#include "app/cli/recipe_packages.hpp"
#include "app/core/load/load_factory.hpp"
#include "app/core/profile/duration.hpp"

namespace wattbench::cli {

int validate_command(const ValidateArgs& args) {
    // A profile of devices alone is what `monitor` and its service read; validate says so rather
    // than refusing the file the service is about to use.
    auto profile = load_profile_for_cli(args.profile, /*phases_required=*/false);
    if (!profile) {
        return kExitUsage;
    }
    int exit = check_recipe_packages(*profile, args.install).value_or(kExitOk);
    for (const auto& phase : profile->phases) {
        auto made = core::load::make_load(phase);
        if (auto* err = std::get_if<std::string>(&made)) {
            fmt::print(stderr, "wattbench: {}\n", *err);
            exit = kExitUsage;
        }
    }
    using core::profile::format_duration;
    core::profile::Duration total{0};
    core::profile::Duration longest{0};  // every warm-up until stable running to its max
    fmt::print("profile {}: run '{}', interval {}\n", profile->path, profile->run.name,
               format_duration(profile->run.interval));
    fmt::print("devices:\n");
    for (const auto& d : profile->devices) {
        fmt::print("  {:<12} {:<16} {}{}\n", d.id, d.driver, d.connection,
                   d.optional ? " (optional)" : "");
    }
    if (profile->phases.empty()) {
        if (exit == kExitOk) {
            fmt::print(
                "phases: none (the profile serves `wattbench monitor`; `run` needs a [[phase]])\n"
                "profile is valid for monitor\n");
        }
        return exit;
    }
    fmt::print("phases:\n");
    for (const auto& p : profile->phases) {
        const auto& stable = p.warmup_until_stable;
        fmt::print(
            "  {:<12} {:<17} warm-up {:>6}  window {:>6}{}\n", p.name,
            p.recipe ? "recipe " + p.recipe->name : std::string(core::profile::to_string(p.load)),
            format_duration(p.warmup), format_duration(p.window),
            stable ? fmt::format("  (until stable, at most {})", format_duration(stable->max))
                   : std::string());
        total += p.warmup + p.window;
        longest += (stable ? stable->max : p.warmup) + p.window;
    }
    fmt::print("planned duration: {}{}\n", format_duration(total),
               longest > total
                   ? fmt::format(" to {} (warm-ups until stable)", format_duration(longest))
                   : std::string());
    if (exit == kExitOk) {
        fmt::print("profile is valid\n");
    }
    return exit;
}

}  // namespace wattbench::cli
