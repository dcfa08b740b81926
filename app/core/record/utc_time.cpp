#include "app/core/record/utc_time.hpp"

#include "app/core/record/utc_ms_formatter.hpp"

namespace wattbench::core::record {

namespace {

bool digits(std::string_view text, std::size_t pos, std::size_t count, unsigned& out) {
    out = 0;
    for (std::size_t i = pos; i < pos + count; ++i) {
        const char c = text[i];
        if (c < '0' || c > '9') {
            return false;
        }
        out = out * 10 + static_cast<unsigned>(c - '0');
    }
    return true;
}

}  // namespace

std::string format_utc_ms(std::chrono::system_clock::time_point t) {
    thread_local UtcMsFormatter formatter;
    return std::string(formatter.format(t));
}

std::optional<std::chrono::system_clock::time_point> parse_utc_ms(std::string_view text) {
    using namespace std::chrono;
    if (text.size() != UtcMsFormatter::kLength || text[4] != '-' || text[7] != '-' ||
        text[10] != 'T' || text[13] != ':' || text[16] != ':' || text[19] != '.' ||
        text[23] != 'Z') {
        return std::nullopt;
    }
    unsigned y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0, ms = 0;
    if (!digits(text, 0, 4, y) || !digits(text, 5, 2, mo) || !digits(text, 8, 2, d) ||
        !digits(text, 11, 2, h) || !digits(text, 14, 2, mi) || !digits(text, 17, 2, s) ||
        !digits(text, 20, 3, ms)) {
        return std::nullopt;
    }
    const year_month_day ymd{year{static_cast<int>(y)}, month{mo}, day{d}};
    if (!ymd.ok() || h > 23 || mi > 59 || s > 59) {
        return std::nullopt;
    }
    return system_clock::time_point{sys_days{ymd}} + hours{h} + minutes{mi} + seconds{s} +
           milliseconds{ms};
}

}  // namespace wattbench::core::record
