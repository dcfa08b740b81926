#include "app/core/report/value_format.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace wattbench::core::report {

std::string format_fixed(double value, int decimals) {
    std::string out = fmt::format("{:.{}f}", value, decimals);
    if (out.front() == '-' && out.find_first_not_of("-0.") == std::string::npos) {
        out.erase(0, 1);
    }
    return out;
}

std::string format_percent(double share) {
    return format_fixed(share * 100.0, 1) + " %";
}

std::string format_ratio(double value) {
    const double magnitude = std::abs(value);
    int decimals = 0;
    for (double limit = 1000.0; decimals < 8 && magnitude < limit && magnitude != 0.0;
         limit /= 10.0) {
        ++decimals;
    }
    return format_fixed(value, decimals);
}

std::string format_states(const std::vector<std::pair<std::string, std::uint64_t>>& states) {
    // IPMI joins several asserted states with ", ": then the list needs another separator.
    const bool commas = std::any_of(states.begin(), states.end(), [](const auto& s) {
        return s.first.find(',') != std::string::npos;
    });
    std::string out;
    for (const auto& [state, count] : states) {
        if (!out.empty()) {
            out += commas ? "; " : ", ";
        }
        out += state + " ×" + std::to_string(count);
    }
    return out;
}

}  // namespace wattbench::core::report
