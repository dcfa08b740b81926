#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace wattbench::core::report {

// Milliseconds since the Unix epoch of an ISO-8601 UTC time as the run files write it,
// "2026-11-29T19:50:40.123Z" (fraction optional); nothing for anything else.
std::optional<std::int64_t> parse_utc_ms(std::string_view iso);

// "2026-11-29 19:50:40 UTC"; text that does not parse is returned unchanged so a report never
// hides what the file said.
std::string format_utc(std::string_view iso);

// Wall-clock part only, "19:50:40", for the end of a span whose start already gave the date.
std::string format_utc_time(std::string_view iso);

// "42 s", "10 min", "10 min 5 s", "1 h 02 min"; rounded to whole seconds.
std::string format_duration(std::int64_t ms);

}  // namespace wattbench::core::report
