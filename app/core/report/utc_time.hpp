#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "app/core/rundir/utc_time.hpp"

namespace wattbench::core::report {

using rundir::parse_utc_ms;

// "2026-11-29 19:50:40 UTC"; text that does not parse is returned unchanged so a report never
// hides what the file said.
std::string format_utc(std::string_view iso);

// Wall-clock part only, "19:50:40", for the end of a span whose start already gave the date.
std::string format_utc_time(std::string_view iso);

// "42 s", "10 min", "10 min 5 s", "1 h 02 min"; rounded to whole seconds.
std::string format_duration(std::int64_t ms);

}  // namespace wattbench::core::report
