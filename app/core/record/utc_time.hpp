#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace wattbench::core::record {

// `2026-11-29T19:50:40.123Z`: the one time format of every run file. Milliseconds are
// truncated, never rounded, so a row never appears to come from the next second.
std::string format_utc_ms(std::chrono::system_clock::time_point t);

// Parses exactly the form format_utc_ms writes (years 0000-9999); nullopt for anything else,
// including impossible dates such as 2026-02-30.
std::optional<std::chrono::system_clock::time_point> parse_utc_ms(std::string_view text);

}  // namespace wattbench::core::record
