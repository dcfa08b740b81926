#pragma once

#include "drivers/api/registry.hpp"

namespace wattbench::core::profile {

// What the loader needs to know about the machine and the build to validate a profile.
struct LoadContext {
    // Drivers to check [[device]] tables against; null checks the syntax only.
    const drivers::api::Registry* registry = nullptr;
    // Resolves "ncpu" in worker ranges and decides when a phase oversubscribes.
    unsigned logical_cpus = 1;
};

}  // namespace wattbench::core::profile
