#pragma once

#include <optional>

#include "app/core/profile/profile.hpp"
#include "app/core/profile/toml_table.hpp"
#include "drivers/api/registry.hpp"

namespace wattbench::core::profile {

// Until a channel is said otherwise, the trend of each `until_stable` channel is judged over
// this span, or over `max` when that is shorter.
inline constexpr Duration default_stable_for = std::chrono::minutes(5);

// The id of the device every run adds for the achieved load (host/cpu_util, …); a warm-up may
// wait on its channels without a [[device]] table.
inline constexpr std::string_view builtin_host_device = "host";

struct WarmupValue {
    Duration min{0};  // the whole warm-up when until_stable is empty
    std::optional<WarmupUntilStable> until_stable;
};

// Reads `warmup` of [run] or a [[phase]]: a duration ("5m"), or a table
// { min = "2m", max = "60m", until_stable = ["wattmeter/power", "bmc/system_temp"],
//   tolerance = "1%" | 0.5 | { "wattmeter/power" = "1%", "bmc/system_temp" = 0.5 },
//   stable_for = "5m" }. nullopt when the key is absent.
std::optional<WarmupValue> read_warmup(const TomlTable& table);

// Every until_stable entry must name a [[device]] of the profile or the built-in host device,
// and, when the registry is given and the driver knows its channels before opening (no I/O is
// done), one of its channels; drivers that learn them on open (IPMI) are checked by the engine
// then. Throws a LoadFailure located at the entry.
void check_warmup_devices(const Profile& profile, const drivers::api::Registry* registry);

}  // namespace wattbench::core::profile
