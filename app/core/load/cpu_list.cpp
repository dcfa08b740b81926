#include "app/core/load/cpu_list.hpp"

#include <charconv>

namespace wattbench::core::load {

namespace {

constexpr int max_cpu = 1 << 16;

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
        s.remove_prefix(1);
    }
    while (!s.empty() && (s.back() == ' ' || s.back() == '\n' || s.back() == '\t')) {
        s.remove_suffix(1);
    }
    return s;
}

std::optional<int> number(std::string_view s) {
    int v = 0;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || r.ec != std::errc() || r.ptr != s.data() + s.size() || v < 0 || v >= max_cpu) {
        return std::nullopt;
    }
    return v;
}

}  // namespace

std::optional<std::vector<int>> parse_cpu_list(std::string_view text) {
    std::vector<int> cpus;
    text = trim(text);
    if (text.empty()) {
        return cpus;
    }
    while (true) {
        const auto comma = text.find(',');
        const std::string_view part = text.substr(0, comma);
        const auto dash = part.find('-');
        if (dash == std::string_view::npos) {
            const auto v = number(part);
            if (!v) {
                return std::nullopt;
            }
            cpus.push_back(*v);
        } else {
            const auto a = number(part.substr(0, dash));
            const auto b = number(part.substr(dash + 1));
            if (!a || !b || *b < *a) {
                return std::nullopt;
            }
            for (int c = *a; c <= *b; ++c) {
                cpus.push_back(c);
            }
        }
        if (comma == std::string_view::npos) {
            break;
        }
        text.remove_prefix(comma + 1);
    }
    return cpus;
}

}  // namespace wattbench::core::load
