#include "app/core/report/value_format.hpp"

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

}  // namespace wattbench::core::report
