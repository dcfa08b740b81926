#include "app/core/rundir/utc_time.hpp"

#include <charconv>

namespace wattbench::core::rundir {

namespace {

bool digits(std::string_view s, std::size_t pos, std::size_t count, int& out) {
    if (pos + count > s.size()) {
        return false;
    }
    const char* begin = s.data() + pos;
    const auto [end, ec] = std::from_chars(begin, begin + count, out);
    return ec == std::errc{} && end == begin + count;
}

// Howard Hinnant's days_from_civil: proleptic Gregorian date to days since 1970-01-01.
std::int64_t days_from_civil(std::int64_t y, unsigned m, unsigned d) {
    y -= m <= 2 ? 1 : 0;
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const auto yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

}  // namespace

std::optional<std::int64_t> parse_utc_ms(std::string_view iso) {
    int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
    if (iso.size() < 20 || !digits(iso, 0, 4, year) || iso[4] != '-' || !digits(iso, 5, 2, month) ||
        iso[7] != '-' || !digits(iso, 8, 2, day) || iso[10] != 'T' || !digits(iso, 11, 2, hour) ||
        iso[13] != ':' || !digits(iso, 14, 2, minute) || iso[16] != ':' ||
        !digits(iso, 17, 2, second)) {
        return std::nullopt;
    }
    std::size_t pos = 19;
    int millis = 0;
    if (iso[pos] == '.') {
        ++pos;
        int scale = 100;
        while (pos < iso.size() && iso[pos] >= '0' && iso[pos] <= '9') {
            millis += (iso[pos] - '0') * scale;
            scale /= 10;
            ++pos;
        }
    }
    if (pos + 1 != iso.size() || iso[pos] != 'Z' || month < 1 || month > 12 || day < 1 ||
        day > 31 || hour > 23 || minute > 59 || second > 60) {
        return std::nullopt;
    }
    const std::int64_t days =
        days_from_civil(year, static_cast<unsigned>(month), static_cast<unsigned>(day));
    return ((days * 24 + hour) * 60 + minute) * 60'000 + second * 1'000 + millis;
}

}  // namespace wattbench::core::rundir
