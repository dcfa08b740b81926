#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string_view>

namespace wattbench::core::rundir {

// Milliseconds since the Unix epoch of an ISO-8601 UTC time as the run files write it,
// "2026-11-29T19:50:40.123Z" (fraction optional, so hand-edited and older files read too);
// nothing for anything else, including impossible dates such as 2026-02-30.
std::optional<std::int64_t> parse_utc_ms(std::string_view iso);

// The same, as a time point.
std::optional<std::chrono::system_clock::time_point> parse_utc_time(std::string_view iso);

}  // namespace wattbench::core::rundir
