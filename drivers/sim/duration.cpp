#include "drivers/sim/duration.hpp"

#include <cctype>
#include <charconv>

namespace wattbench::drivers::sim {

namespace {

std::optional<double> unit_seconds(std::string_view unit) {
    if (unit == "ms") {
        return 0.001;
    }
    if (unit == "s") {
        return 1.0;
    }
    if (unit == "m") {
        return 60.0;
    }
    if (unit == "h") {
        return 3600.0;
    }
    return std::nullopt;
}

bool is_number_char(char c) {
    return std::isdigit(static_cast<unsigned char>(c)) || c == '.';
}

}  // namespace

std::optional<Seconds> parse_duration(std::string_view text) {
    if (text.empty()) {
        return std::nullopt;
    }
    double total = 0.0;
    std::size_t i = 0;
    while (i < text.size()) {
        const std::size_t number_start = i;
        while (i < text.size() && is_number_char(text[i])) {
            ++i;
        }
        const std::size_t unit_start = i;
        while (i < text.size() && std::isalpha(static_cast<unsigned char>(text[i]))) {
            ++i;
        }
        if (number_start == unit_start || unit_start == i) {
            return std::nullopt;
        }
        double number = 0.0;
        const char* first = text.data() + number_start;
        const char* last = text.data() + unit_start;
        auto [end, ec] = std::from_chars(first, last, number);
        if (ec != std::errc{} || end != last) {
            return std::nullopt;
        }
        auto scale = unit_seconds(text.substr(unit_start, i - unit_start));
        if (!scale) {
            return std::nullopt;
        }
        total += number * *scale;
    }
    return Seconds{total};
}

}  // namespace wattbench::drivers::sim
