#include "app/core/rundir/utc_time.hpp"

namespace wattbench::core::rundir {

namespace {

// Only ASCII digits: from_chars would also take a sign.
bool digits(std::string_view s, std::size_t pos, std::size_t count, unsigned& out) {
    if (pos + count > s.size()) {
        return false;
    }
    out = 0;
    for (std::size_t i = pos; i < pos + count; ++i) {
        if (s[i] < '0' || s[i] > '9') {
            return false;
        }
        out = out * 10 + static_cast<unsigned>(s[i] - '0');
    }
    return true;
}

}  // namespace

std::optional<std::int64_t> parse_utc_ms(std::string_view iso) {
    using namespace std::chrono;
    unsigned y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0;
    if (iso.size() < 20 || !digits(iso, 0, 4, y) || iso[4] != '-' || !digits(iso, 5, 2, mo) ||
        iso[7] != '-' || !digits(iso, 8, 2, d) || iso[10] != 'T' || !digits(iso, 11, 2, h) ||
        iso[13] != ':' || !digits(iso, 14, 2, mi) || iso[16] != ':' || !digits(iso, 17, 2, s)) {
        return std::nullopt;
    }
    std::size_t pos = 19;
    std::int64_t millis = 0;
    if (iso[pos] == '.') {
        ++pos;
        int scale = 100;
        while (pos < iso.size() && iso[pos] >= '0' && iso[pos] <= '9') {
            millis += (iso[pos] - '0') * scale;
            scale /= 10;
            ++pos;
        }
    }
    // The writers use the system clock, which has no leap seconds: 60 is never written.
    const year_month_day ymd{year{static_cast<int>(y)}, month{mo}, day{d}};
    if (pos + 1 != iso.size() || iso[pos] != 'Z' || !ymd.ok() || h > 23 || mi > 59 || s > 59) {
        return std::nullopt;
    }
    const std::int64_t days = sys_days{ymd}.time_since_epoch().count();
    return ((days * 24 + h) * 60 + mi) * 60'000 + std::int64_t{s} * 1'000 + millis;
}

std::optional<std::chrono::system_clock::time_point> parse_utc_time(std::string_view iso) {
    const auto ms = parse_utc_ms(iso);
    if (!ms) {
        return std::nullopt;
    }
    return std::chrono::system_clock::time_point{std::chrono::milliseconds{*ms}};
}

}  // namespace wattbench::core::rundir
