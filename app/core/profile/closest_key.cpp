#include "app/core/profile/closest_key.hpp"

#include <algorithm>
#include <vector>

namespace wattbench::core::profile {

namespace {

constexpr std::size_t max_distance = 2;

// Optimal string alignment distance, so that a swapped pair of letters counts as one typo.
std::size_t edit_distance(std::string_view a, std::string_view b) {
    const std::size_t n = a.size();
    const std::size_t m = b.size();
    std::vector<std::vector<std::size_t>> d(n + 1, std::vector<std::size_t>(m + 1));
    for (std::size_t i = 0; i <= n; ++i) {
        d[i][0] = i;
    }
    for (std::size_t j = 0; j <= m; ++j) {
        d[0][j] = j;
    }
    for (std::size_t i = 1; i <= n; ++i) {
        for (std::size_t j = 1; j <= m; ++j) {
            const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
            }
        }
    }
    return d[n][m];
}

}  // namespace

std::optional<std::string> closest_key(std::string_view unknown,
                                       std::span<const std::string_view> known) {
    std::optional<std::string> best;
    std::size_t best_distance = max_distance + 1;
    for (std::string_view candidate : known) {
        // Lengths alone bound the distance; skipping saves the table for long garbage keys.
        const std::size_t length_gap = unknown.size() > candidate.size()
                                           ? unknown.size() - candidate.size()
                                           : candidate.size() - unknown.size();
        if (length_gap > max_distance) {
            continue;
        }
        const std::size_t distance = edit_distance(unknown, candidate);
        // Replacing every letter is no typo: "ab" is not a misspelt "id".
        const bool plausible = distance < std::max(unknown.size(), candidate.size());
        if (plausible && distance < best_distance) {
            best_distance = distance;
            best = std::string(candidate);
        }
    }
    return best;
}

}  // namespace wattbench::core::profile
