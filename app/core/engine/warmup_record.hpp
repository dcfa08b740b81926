#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/core/host/process_times.hpp"

namespace wattbench::core::engine {

// What an idle phase's quiet-machine check found at the end of its warm-up.
struct IdleCheckRecord {
    std::optional<double> cpu_util;  // percent of the whole machine; nullopt: nothing to go by
    double limit = 5.0;              // [run] idle_max_cpu
    std::vector<host::ProcessUse> busiest;  // listed only when cpu_util was above the limit
};

// How a phase's warm-up went, for the manifest.
struct WarmupRecord {
    std::optional<double> seconds;  // achieved: warm-up start to window; nullopt until then
    std::string end;                // "elapsed", "stable", "max" or "skipped"
    std::optional<IdleCheckRecord> idle_check;  // idle phases
};

}  // namespace wattbench::core::engine
