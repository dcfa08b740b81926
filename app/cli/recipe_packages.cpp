#include "app/cli/recipe_packages.hpp"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "app/cli/commands.hpp"
#include "app/core/workload/package_check.hpp"

namespace wattbench::cli {

namespace {

std::string words(const std::vector<std::string>& list, const char* separator) {
    std::string out;
    for (const auto& w : list) {
        out += (out.empty() ? "" : separator) + w;
    }
    return out;
}

std::optional<std::vector<std::string>> missing_or_report(const std::vector<std::string>& needed) {
    auto missing = core::workload::missing_packages(needed);
    if (auto* err = std::get_if<std::string>(&missing)) {
        fmt::print(stderr, "wattbench: cannot check the recipes' packages: {}\n", *err);
        return std::nullopt;
    }
    return std::get<std::vector<std::string>>(std::move(missing));
}

}  // namespace

std::optional<int> check_recipe_packages(const core::profile::Profile& profile, bool install) {
    const auto needed = core::workload::recipe_packages(profile.phases);
    auto missing = missing_or_report(needed);
    if (!missing) {
        return kExitUsage;
    }
    if (missing->empty()) {
        return std::nullopt;
    }
    if (install) {
        fmt::print(stderr, "wattbench: installing {}\n",
                   words(core::workload::install_command(*missing), " "));
        if (auto err = core::workload::install_packages(*missing)) {
            fmt::print(stderr, "wattbench: {}\n", *err);
            return kExitUsage;
        }
        missing = missing_or_report(needed);
        if (!missing) {
            return kExitUsage;
        }
        if (missing->empty()) {
            return std::nullopt;
        }
    }
    for (const auto& phase : profile.phases) {
        if (!phase.recipe) {
            continue;
        }
        std::vector<std::string> lacking;
        for (const auto& p : phase.recipe->packages) {
            if (std::find(missing->begin(), missing->end(), p) != missing->end()) {
                lacking.push_back(p);
            }
        }
        if (!lacking.empty()) {
            fmt::print(stderr,
                       "wattbench: {}:{}: phase '{}': recipe '{}' needs Debian packages that are "
                       "not installed: {}\n",
                       phase.location.file, phase.location.line, phase.name, phase.recipe->name,
                       words(lacking, ", "));
        }
    }
    fmt::print(stderr, "wattbench: install them with: {}\n",
               words(core::workload::install_command(*missing), " "));
    fmt::print(stderr, "wattbench: (or run again with --install); nothing was run\n");
    return kExitUsage;
}

}  // namespace wattbench::cli
