#include "app/core/load/byte_size.hpp"

#include <array>
#include <cctype>
#include <charconv>
#include <string>
#include <utility>

namespace wattbench::core::load {

std::optional<std::uint64_t> parse_byte_size(std::string_view text) {
    std::uint64_t n = 0;
    const auto r = std::from_chars(text.data(), text.data() + text.size(), n);
    if (r.ec != std::errc() || r.ptr == text.data()) {
        return std::nullopt;
    }
    std::string unit(r.ptr, text.data() + text.size());
    while (!unit.empty() && unit.front() == ' ') {
        unit.erase(0, 1);
    }
    static const std::array<std::pair<std::string_view, std::uint64_t>, 17> units{{
        {"", 1},
        {"B", 1},
        {"K", 1ull << 10},
        {"KiB", 1ull << 10},
        {"kB", 1000ull},
        {"M", 1ull << 20},
        {"MiB", 1ull << 20},
        {"MB", 1000ull * 1000},
        {"G", 1ull << 30},
        {"GiB", 1ull << 30},
        {"GB", 1000ull * 1000 * 1000},
        {"T", 1ull << 40},
        {"TiB", 1ull << 40},
        {"TB", 1000ull * 1000 * 1000 * 1000},
        {"k", 1ull << 10},
        {"m", 1ull << 20},
        {"g", 1ull << 30},
    }};
    for (const auto& [name, factor] : units) {
        if (unit == name) {
            if (n > UINT64_MAX / factor) {
                return std::nullopt;
            }
            return n * factor;
        }
    }
    return std::nullopt;
}

}  // namespace wattbench::core::load
