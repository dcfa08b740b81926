#include "app/core/profile/duration.hpp"

#include <array>
#include <cstdint>

namespace wattbench::core::profile {

namespace {

using Nanos = std::int64_t;

constexpr Nanos ns_per_ms = 1'000'000;
constexpr Nanos ns_per_s = 1'000 * ns_per_ms;
constexpr Nanos ns_per_m = 60 * ns_per_s;
constexpr Nanos ns_per_h = 60 * ns_per_m;
constexpr Nanos max_nanos = 365 * 24 * ns_per_h;

struct Unit {
    std::string_view suffix;
    Nanos nanos;
};

// Descending order is also the order components must appear in.
constexpr std::array<Unit, 4> units{
    {{"h", ns_per_h}, {"m", ns_per_m}, {"s", ns_per_s}, {"ms", ns_per_ms}}};

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

// Reads the unit at the start of `rest`; "ms" must win over "m".
std::optional<std::size_t> match_unit(std::string_view rest, std::size_t& length) {
    if (rest.starts_with("ms")) {
        length = 2;
        return 3;
    }
    for (std::size_t i = 0; i < units.size(); ++i) {
        if (units[i].suffix.size() == 1 && !rest.empty() && rest.front() == units[i].suffix[0]) {
            length = 1;
            return i;
        }
    }
    return std::nullopt;
}

}  // namespace

std::optional<std::chrono::nanoseconds> parse_duration(std::string_view text) {
    if (text.empty()) {
        return std::nullopt;
    }
    Nanos total = 0;
    std::size_t next_unit = 0;  // index of the smallest unit index still allowed
    std::size_t pos = 0;
    while (pos < text.size()) {
        // Whole part: bounded so that whole * unit cannot overflow before the range check.
        if (!is_digit(text[pos])) {
            return std::nullopt;
        }
        Nanos whole = 0;
        while (pos < text.size() && is_digit(text[pos])) {
            whole = whole * 10 + (text[pos] - '0');
            if (whole > max_nanos / ns_per_ms) {
                return std::nullopt;
            }
            ++pos;
        }
        std::string_view fraction;
        if (pos < text.size() && text[pos] == '.') {
            const std::size_t start = ++pos;
            while (pos < text.size() && is_digit(text[pos])) {
                ++pos;
            }
            fraction = text.substr(start, pos - start);
            if (fraction.empty()) {
                return std::nullopt;
            }
        }
        std::size_t unit_length = 0;
        const auto unit = match_unit(text.substr(pos), unit_length);
        if (!unit || *unit < next_unit) {
            return std::nullopt;
        }
        pos += unit_length;
        next_unit = *unit + 1;

        const Nanos scale = units[*unit].nanos;
        if (whole > max_nanos / scale) {
            return std::nullopt;
        }
        Nanos value = whole * scale;
        // Exact decimal arithmetic: each fraction digit is worth scale / 10^k nanoseconds, which
        // stays an integer down to the nanosecond for every unit; below that only zeros fit.
        Nanos digit_value = scale;
        for (char c : fraction) {
            const int digit = c - '0';
            if (digit_value % 10 != 0) {
                if (digit != 0) {
                    return std::nullopt;
                }
                continue;
            }
            digit_value /= 10;
            value += digit * digit_value;
        }
        total += value;
        if (total > max_nanos) {
            return std::nullopt;
        }
    }
    return std::chrono::nanoseconds(total);
}

std::string format_duration(std::chrono::nanoseconds d) {
    Nanos n = d.count();
    if (n == 0) {
        return "0s";
    }
    std::string out;
    if (n < 0) {
        out += '-';
        // The most negative value has no positive counterpart; one nanosecond off does not
        // matter for a value parse_duration never produces.
        n = n == INT64_MIN ? INT64_MAX : -n;
    }
    for (std::size_t i = 0; i < 3; ++i) {
        const Nanos count = n / units[i].nanos;
        if (count > 0) {
            out += std::to_string(count);
            out += units[i].suffix;
        }
        n %= units[i].nanos;
    }
    if (n > 0) {
        out += std::to_string(n / ns_per_ms);
        Nanos rest = n % ns_per_ms;
        if (rest > 0) {
            std::string digits = std::to_string(rest + ns_per_ms).substr(1);  // six, zero-padded
            while (digits.back() == '0') {
                digits.pop_back();
            }
            out += '.';
            out += digits;
        }
        out += "ms";
    }
    return out;
}

}  // namespace wattbench::core::profile
