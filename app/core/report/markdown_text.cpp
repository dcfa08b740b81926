#include "app/core/report/markdown_text.hpp"

#include <cmath>

#include <fmt/format.h>

#include "app/core/report/utc_time.hpp"
#include "app/core/report/value_format.hpp"

namespace wattbench::core::report {

std::string one_line(std::string_view text) {
    std::string out(text);
    for (char& c : out) {
        if (c == '\n' || c == '\r') {
            c = ' ';
        }
    }
    return out;
}

std::string plural(double count, std::string_view one, std::string_view many) {
    const std::string number =
        count == std::floor(count) ? fmt::format("{:.0f}", count) : fmt::format("{}", count);
    return fmt::format("{} {}", number, count == 1.0 ? one : many);
}

std::string join(const std::vector<std::string>& items, std::string_view sep) {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i > 0) {
            out += sep;
        }
        out += items[i];
    }
    return out;
}

std::optional<std::int64_t> elapsed_ms(std::string_view start, std::string_view end) {
    const auto from = parse_utc_ms(start);
    const auto to = parse_utc_ms(end);
    if (!from || !to || *to < *from) {
        return std::nullopt;
    }
    return *to - *from;
}

// "2026-11-29 19:55:40 → 20:05:40 UTC (10 min)", the date repeated only when the span crosses
// midnight.
std::string time_span(const std::string& start, const std::string& end) {
    if (!parse_utc_ms(start) || !parse_utc_ms(end)) {
        return fmt::format("{} → {}", start.empty() ? std::string(kUnknown) : start,
                           end.empty() ? std::string(kUnknown) : end);
    }
    const std::string from_text = format_utc(start);
    const std::string to_text =
        start.substr(0, 10) == end.substr(0, 10) ? format_utc_time(end) + " UTC" : format_utc(end);
    std::string out = fmt::format("{} → {}", from_text.substr(0, from_text.size() - 4), to_text);
    if (const auto ms = elapsed_ms(start, end)) {
        out += fmt::format(" ({})", format_duration(*ms));
    }
    return out;
}

std::string plain_number(double value) {
    if (value == std::floor(value) && std::abs(value) < 1e15) {
        return fmt::format("{:.0f}", value);
    }
    std::string out = format_ratio(value);
    if (out.find('.') != std::string::npos) {
        out.erase(out.find_last_not_of('0') + 1);
        if (out.back() == '.') {
            out.pop_back();
        }
    }
    return out;
}

std::string percent_limit(double share) {
    return plain_number(share * 100.0) + " %";
}

}  // namespace wattbench::core::report
