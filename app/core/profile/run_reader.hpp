#pragma once

#include "app/core/profile/profile.hpp"
#include "app/core/profile/toml_table.hpp"

namespace wattbench::core::profile {

// The smallest poll period a profile may ask for: below it the samplers would spend more time
// polling than the instruments take to answer.
inline constexpr Duration min_interval = std::chrono::milliseconds(10);

// Reads [run]: name, and the interval, warmup and window defaults.
RunSettings read_run(const TomlTable& table);

}  // namespace wattbench::core::profile
