#include "app/core/report/utc_time.hpp"

#include <fmt/format.h>

namespace wattbench::core::report {

std::string format_utc(std::string_view iso) {
    if (!parse_utc_ms(iso)) {
        return std::string(iso);
    }
    return fmt::format("{} {} UTC", iso.substr(0, 10), iso.substr(11, 8));
}

std::string format_utc_time(std::string_view iso) {
    if (!parse_utc_ms(iso)) {
        return std::string(iso);
    }
    return std::string(iso.substr(11, 8));
}

std::string format_duration(std::int64_t ms) {
    const std::int64_t total = (ms + 500) / 1000;
    const std::int64_t hours = total / 3600;
    const std::int64_t minutes = total / 60 % 60;
    const std::int64_t seconds = total % 60;
    if (hours > 0) {
        return fmt::format("{} h {:02} min", hours, minutes);
    }
    if (minutes > 0) {
        return seconds > 0 ? fmt::format("{} min {} s", minutes, seconds)
                           : fmt::format("{} min", minutes);
    }
    return fmt::format("{} s", seconds);
}

}  // namespace wattbench::core::report
