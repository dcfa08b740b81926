#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace wattbench::core::rundir {

// Milliseconds since the Unix epoch of an ISO-8601 UTC time as the run files write it,
// "2026-11-29T19:50:40.123Z" (fraction optional); nothing for anything else.
std::optional<std::int64_t> parse_utc_ms(std::string_view iso);

}  // namespace wattbench::core::rundir
