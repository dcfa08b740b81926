#pragma once

#include <optional>
#include <string_view>
#include <vector>

namespace wattbench::core::load {

// Parses the kernel's CPU list format ("0-3,8,10-11"), as in sysfs `online` and
// `thread_siblings_list`. Returns nullopt on malformed text.
std::optional<std::vector<int>> parse_cpu_list(std::string_view text);

}  // namespace wattbench::core::load
