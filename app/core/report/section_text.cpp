#include "app/core/report/section_text.hpp"

#include <cmath>

#include <fmt/format.h>

#include "app/core/i18n/number_format.hpp"
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

std::string plural(Language language, double count, i18n::PluralForms forms) {
    const std::string number =
        localized(language, count == std::floor(count) ? fmt::format("{:.0f}", count)
                                                       : fmt::format("{}", count));
    return trf_n(language, forms.singular, forms.plural, count, number);
}

std::string number_text(Language language, double value, int decimals) {
    return i18n::format_number(language, value, decimals);
}

std::string localized(Language language, std::string_view decimal) {
    return i18n::localize_decimal(language, decimal);
}

std::string percent_text(Language language, double share) {
    return number_text(language, share * 100.0, 1) + std::string(i18n::unit_space(language)) + "%";
}

std::string utc_text(Language language, std::string_view iso) {
    if (language == Language::en || !parse_utc_ms(iso)) {
        return format_utc(iso);
    }
    const int year = std::stoi(std::string(iso.substr(0, 4)));
    const auto month = static_cast<unsigned>(std::stoi(std::string(iso.substr(5, 2))));
    const auto day = static_cast<unsigned>(std::stoi(std::string(iso.substr(8, 2))));
    return i18n::format_date(language, year, month, day) + " " + format_utc_time(iso) + " UTC";
}

std::string duration_text(Language language, std::int64_t ms) {
    const std::int64_t total = (ms + 500) / 1000;
    const std::int64_t hours = total / 3600;
    const std::int64_t minutes = total / 60 % 60;
    const std::int64_t seconds = total % 60;
    if (hours > 0) {
        return trf(language, "{} h {:02} min", hours, minutes);
    }
    if (minutes > 0) {
        return seconds > 0 ? trf(language, "{} min {} s", minutes, seconds)
                           : trf(language, "{} min", minutes);
    }
    return trf(language, "{} s", seconds);
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
std::string time_span(Language language, const std::string& start, const std::string& end) {
    if (!parse_utc_ms(start) || !parse_utc_ms(end)) {
        const std::string unknown(tr(language, kUnknown));
        return fmt::format("{} → {}", start.empty() ? unknown : start, end.empty() ? unknown : end);
    }
    const std::string from_text = utc_text(language, start);
    const std::string to_text = start.substr(0, 10) == end.substr(0, 10)
                                    ? format_utc_time(end) + " UTC"
                                    : utc_text(language, end);
    std::string out = fmt::format("{} → {}", from_text.substr(0, from_text.size() - 4), to_text);
    if (const auto ms = elapsed_ms(start, end)) {
        out += fmt::format(" ({})", duration_text(language, *ms));
    }
    return out;
}

std::string plain_number(Language language, double value) {
    if (value == std::floor(value) && std::abs(value) < 1e15) {
        return localized(language, fmt::format("{:.0f}", value));
    }
    std::string out = format_ratio(value);
    if (out.find('.') != std::string::npos) {
        out.erase(out.find_last_not_of('0') + 1);
        if (out.back() == '.') {
            out.pop_back();
        }
    }
    return localized(language, out);
}

std::string percent_limit(Language language, double share) {
    return plain_number(language, share * 100.0) + std::string(i18n::unit_space(language)) + "%";
}

}  // namespace wattbench::core::report
