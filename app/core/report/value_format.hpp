#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace wattbench::core::report {

// Fixed-point with `decimals` places. A value that rounds to zero prints without a sign, so a
// noise floor of -0.01 W does not show up as "-0.0".
std::string format_fixed(double value, int decimals);

// A share 0..1 as a percentage with one decimal: 0.9967 -> "99.7 %".
std::string format_percent(double share);

// About four significant figures without exponents: 12345.6 -> "12346", 9.2047 -> "9.205",
// 0.012345 -> "0.01235". For ratios whose size is not known in advance (score per watt).
std::string format_ratio(double value);

// The states a discrete channel took in a window: "Low ×598, Medium ×2"; separated by "; "
// when a state text holds a comma ("Medium, Warm ×2; Low ×1").
std::string format_states(const std::vector<std::pair<std::string, std::uint64_t>>& states);

}  // namespace wattbench::core::report
