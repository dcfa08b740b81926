#include "app/core/profile/worker_range.hpp"

namespace wattbench::core::profile {

namespace {

// Far above any machine, low enough that no arithmetic on it overflows.
constexpr std::uint32_t max_bound = 1'000'000;

std::optional<std::uint32_t> parse_count(std::string_view s) {
    if (s.empty()) {
        return std::nullopt;
    }
    std::uint32_t n = 0;
    for (char c : s) {
        if (c < '0' || c > '9') {
            return std::nullopt;
        }
        n = n * 10 + static_cast<std::uint32_t>(c - '0');
        if (n > max_bound) {
            return std::nullopt;
        }
    }
    return n;
}

}  // namespace

std::optional<WorkerRange> parse_worker_range(std::string_view text, unsigned logical_cpus) {
    const std::size_t dots = text.find("..");
    if (dots == std::string_view::npos) {
        return std::nullopt;
    }
    const auto first = parse_count(text.substr(0, dots));
    const std::string_view tail = text.substr(dots + 2);
    const auto last =
        tail == "ncpu" ? std::optional<std::uint32_t>(logical_cpus) : parse_count(tail);
    if (!first || !last) {
        return std::nullopt;
    }
    return WorkerRange{*first, *last};
}

}  // namespace wattbench::core::profile
