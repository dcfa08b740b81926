#include "app/core/record/utc_ms_formatter.hpp"

#include <fmt/format.h>

namespace wattbench::core::record {

std::string_view UtcMsFormatter::format(std::chrono::system_clock::time_point t) {
    using namespace std::chrono;
    const auto ms = floor<milliseconds>(t);
    const auto sec = floor<seconds>(ms);
    const auto second = sec.time_since_epoch().count();
    if (second != cached_second_) {
        const auto day = floor<days>(sec);
        const year_month_day ymd{day};
        const hh_mm_ss<seconds> hms{sec - day};
        // Years outside 0000-9999 cannot be written in ISO-8601's basic form; they only arise
        // from a broken clock, and a longer field is better than a wrong one.
        const auto end =
            fmt::format_to_n(buffer_, sizeof(buffer_) - 5, "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.",
                             static_cast<int>(ymd.year()), static_cast<unsigned>(ymd.month()),
                             static_cast<unsigned>(ymd.day()), hms.hours().count(),
                             hms.minutes().count(), hms.seconds().count());
        prefix_length_ = static_cast<std::size_t>(end.out - buffer_);
        cached_second_ = second;
    }
    const auto milli = static_cast<unsigned>((ms - sec).count());
    char* p = buffer_ + prefix_length_;
    p[0] = static_cast<char>('0' + milli / 100);
    p[1] = static_cast<char>('0' + milli / 10 % 10);
    p[2] = static_cast<char>('0' + milli % 10);
    p[3] = 'Z';
    return {buffer_, prefix_length_ + 4};
}

}  // namespace wattbench::core::record
