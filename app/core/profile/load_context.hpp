#pragma once

#include <optional>
#include <string>
#include <vector>

#include "drivers/api/registry.hpp"

namespace wattbench::core::profile {

// What the loader needs to know about the machine and the build to validate a profile.
struct LoadContext {
    // Drivers to check [[device]] tables against; null checks the syntax only.
    const drivers::api::Registry* registry = nullptr;
    // Resolves "ncpu" in worker ranges and decides when a phase oversubscribes.
    unsigned logical_cpus = 1;
    // Folders holding workloads/<name>/ recipes; without it, recipe_search_path of the profile.
    std::optional<std::vector<std::string>> recipe_dirs = std::nullopt;
    // A run steps through phases, so its profile needs one; `monitor` only reads the devices.
    bool phases_required = true;
};

}  // namespace wattbench::core::profile
