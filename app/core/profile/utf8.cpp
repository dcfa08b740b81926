#include "app/core/profile/utf8.hpp"

namespace wattbench::core::profile {

namespace {

bool in(unsigned char c, unsigned char lo, unsigned char hi) {
    return c >= lo && c <= hi;
}

// Length of the well-formed sequence at `i` (Unicode table 3-7), 0 if there is none.
std::size_t sequence_length(std::string_view t, std::size_t i) {
    const auto at = [&](std::size_t k) {
        return i + k < t.size() ? static_cast<unsigned char>(t[i + k]) : 0;
    };
    const unsigned char c = at(0);
    if (c <= 0x7f) {
        return 1;
    }
    if (in(c, 0xc2, 0xdf)) {
        return in(at(1), 0x80, 0xbf) ? 2 : 0;
    }
    if (in(c, 0xe0, 0xef)) {
        const unsigned char lo = c == 0xe0 ? 0xa0 : 0x80;
        const unsigned char hi = c == 0xed ? 0x9f : 0xbf;
        return in(at(1), lo, hi) && in(at(2), 0x80, 0xbf) ? 3 : 0;
    }
    if (in(c, 0xf0, 0xf4)) {
        const unsigned char lo = c == 0xf0 ? 0x90 : 0x80;
        const unsigned char hi = c == 0xf4 ? 0x8f : 0xbf;
        return in(at(1), lo, hi) && in(at(2), 0x80, 0xbf) && in(at(3), 0x80, 0xbf) ? 4 : 0;
    }
    return 0;
}

}  // namespace

std::optional<std::size_t> find_invalid_utf8(std::string_view text) {
    std::size_t i = 0;
    while (i < text.size()) {
        const std::size_t n = sequence_length(text, i);
        if (n == 0) {
            return i;
        }
        i += n;
    }
    return std::nullopt;
}

}  // namespace wattbench::core::profile
