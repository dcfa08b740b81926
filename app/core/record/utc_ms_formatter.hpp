#pragma once

#include <chrono>
#include <cstdint>
#include <limits>
#include <string_view>

namespace wattbench::core::record {

// Formats UTC instants as `2026-11-29T19:50:40.123Z` (milliseconds, truncated towards the
// past). The calendar conversion is done once per second and cached, because samples.csv
// formats a timestamp per row and rows arrive in second-sized bursts.
class UtcMsFormatter {
public:
    static constexpr std::size_t kLength = 24;

    // The view stays valid until the next call on this formatter.
    std::string_view format(std::chrono::system_clock::time_point t);

private:
    std::int64_t cached_second_ = std::numeric_limits<std::int64_t>::min();
    std::size_t prefix_length_ = 0;  // "YYYY-MM-DDTHH:MM:SS." is 20 except for odd years
    char buffer_[48] = {};
};

}  // namespace wattbench::core::record
