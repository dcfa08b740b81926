#pragma once

#include <chrono>
#include <string>

namespace wattbench::core::record {

// `2026-11-29T19:50:40.123Z`: the one time format of every run file. Milliseconds are
// truncated, never rounded, so a row never appears to come from the next second. The reader
// is rundir::parse_utc_ms.
std::string format_utc_ms(std::chrono::system_clock::time_point t);

}  // namespace wattbench::core::record
