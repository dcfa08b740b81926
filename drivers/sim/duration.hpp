#pragma once

#include <chrono>
#include <optional>
#include <string_view>

namespace wattbench::drivers::sim {

using Seconds = std::chrono::duration<double>;

// Reads "20s", "500ms", "1.5m", "2h" and concatenations such as "1m30s". Kept local rather
// than shared with core so the driver layer does not depend on app code.
std::optional<Seconds> parse_duration(std::string_view text);

}  // namespace wattbench::drivers::sim
