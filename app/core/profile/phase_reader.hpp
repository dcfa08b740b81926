#pragma once

#include <string>
#include <vector>

#include "app/core/profile/load_context.hpp"
#include "app/core/profile/profile.hpp"
#include "app/core/profile/toml_table.hpp"

namespace wattbench::core::profile {

// Above any real machine; keeps a typo like "1..100000" from making a hundred thousand phases.
inline constexpr std::uint32_t max_workers_limit = 4096;

// Reads one [[phase]] table and expands it: a cpu phase whose workers list several counts gives
// one phase per count, "{n}" in its name replaced by the count. Worker counts above the machine's
// logical CPUs are allowed (oversubscription can be the point) and reported in `warnings`.
std::vector<PhaseSettings> read_phase(const TomlTable& table, const RunSettings& run,
                                      const LoadContext& ctx, std::vector<std::string>& warnings);

}  // namespace wattbench::core::profile
