#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace wattbench::core::profile {

// Durations as users write them in profiles and on the command line: components of a number
// and a unit, in descending unit order (h, m, s, ms), no spaces, e.g. "1h30m", "90s", "1.5s",
// "250ms", "0s". A fraction is allowed on any component as long as the result is a whole number
// of nanoseconds. Anything longer than a year is rejected: it is a typo, not a measurement, and
// the cap keeps every later sum of durations far from overflow.
std::optional<std::chrono::nanoseconds> parse_duration(std::string_view text);

// The canonical short form that parse_duration reads back to the same value: 90s gives "1m30s",
// 1.5s gives "1s500ms", zero gives "0s". Sub-millisecond rests become a fractional
// millisecond ("1.5ms"); negative durations get a leading '-' (which parse_duration rejects).
std::string format_duration(std::chrono::nanoseconds d);

}  // namespace wattbench::core::profile
