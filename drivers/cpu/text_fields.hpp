#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace wattbench::drivers::cpu {

// Small pure helpers for whitespace-separated procfs text.
std::string_view next_line(std::string_view& text);
std::string_view next_field(std::string_view& line);
std::optional<std::uint64_t> parse_unsigned(std::string_view s);
std::string_view trim(std::string_view s);

}  // namespace wattbench::drivers::cpu
