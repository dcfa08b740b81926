#pragma once

#include <string>

namespace wattbench::core::report {

// Fixed-point with `decimals` places. A value that rounds to zero prints without a sign, so a
// noise floor of -0.01 W does not show up as "-0.0".
std::string format_fixed(double value, int decimals);

// A share 0..1 as a percentage with one decimal: 0.9967 -> "99.7 %".
std::string format_percent(double share);

}  // namespace wattbench::core::report
