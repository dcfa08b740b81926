#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "app/cli/commands.hpp"
#include "app/core/profile/recipe_phase_reader.hpp"
#include "app/core/profile/recipe_reader.hpp"
#include "app/core/profile/recipe_search.hpp"

namespace wattbench::cli {

namespace {

std::string bounds(const core::profile::RecipeOption& o) {
    if (!o.min && !o.max) {
        return {};
    }
    return fmt::format(" ({} … {})", o.min ? fmt::format("{}", *o.min) : "",
                       o.max ? fmt::format("{}", *o.max) : "");
}

void print_recipe(const core::profile::RecipeSpec& r) {
    std::string packages;
    for (const auto& p : r.packages) {
        packages += (packages.empty() ? "" : " ") + p;
    }
    fmt::print("{}\n  {}\n  folder:   {}\n  installs: {}\n  scores:   {}{}\n", r.name, r.summary,
               r.dir, packages.empty() ? "nothing" : packages, r.score_unit,
               r.score_what.empty() ? "" : " — " + r.score_what);
    const char* label = "  options:  ";
    for (const auto& o : r.options) {
        const std::string setting =
            fmt::format("{} = {}", o.name, core::profile::recipe_option_text(o.default_value));
        fmt::print("{}{:<24} {}{}\n", label, setting, o.help, bounds(o));
        label = "            ";
    }
}

int list_workloads() {
    const auto dirs = core::profile::recipe_search_path("");
    const auto names = core::profile::recipe_names(dirs);
    if (names.empty()) {
        fmt::print(stderr, "wattbench: no recipes found (looked in WATTBENCH_WORKLOADS and {})\n",
                   dirs.empty() ? std::string("no existing folder") : dirs.front());
        return kExitUsage;
    }
    int exit = kExitOk;
    bool first = true;
    for (const auto& name : names) {
        auto read = core::profile::read_recipe(core::profile::find_recipe_dir(name, dirs));
        if (auto* err = std::get_if<core::profile::ProfileError>(&read)) {
            fmt::print(stderr, "wattbench: {}\n", err->to_string());
            exit = kExitUsage;
            continue;
        }
        fmt::print("{}", first ? "" : "\n");
        first = false;
        print_recipe(std::get<core::profile::RecipeSpec>(read));
    }
    return exit;
}

}  // namespace

Subcommand add_workload_command(CLI::App& app) {
    auto* cmd = app.add_subcommand(
        "workload", "Ready-made workloads (recipes) a command phase can run: recipe = \"NAME\"");
    cmd->require_subcommand(1);
    auto* list = cmd->add_subcommand(
        "list", "The recipes: what each installs, what it scores, its options and defaults");
    return {cmd, [list] { return *list ? list_workloads() : kExitUsage; }};
}

}  // namespace wattbench::cli
