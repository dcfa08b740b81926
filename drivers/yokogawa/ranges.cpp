#include "drivers/yokogawa/ranges.hpp"

#include <array>

namespace wattbench::drivers::yokogawa {
namespace {

constexpr std::array<double, 6> volts_cf3 = {15, 30, 60, 150, 300, 600};
constexpr std::array<double, 6> volts_cf6 = {7.5, 15, 30, 75, 150, 300};
constexpr std::array<double, 12> amps_cf3 = {0.005, 0.01, 0.02, 0.05, 0.1, 0.2,
                                             0.5,   1,    2,    5,    10,  20};
constexpr std::array<double, 12> amps_cf6 = {0.0025, 0.005, 0.01, 0.025, 0.05, 0.1,
                                             0.25,   0.5,   1,    2.5,   5,    10};

bool cf6(Dialect dialect, int crest_factor) {
    return dialect == Dialect::wt300 && crest_factor == 6;
}

}  // namespace

std::span<const double> voltage_ranges(Dialect dialect, int crest_factor) {
    return cf6(dialect, crest_factor) ? std::span<const double>(volts_cf6)
                                      : std::span<const double>(volts_cf3);
}

std::span<const double> current_ranges(Dialect dialect, int crest_factor) {
    return cf6(dialect, crest_factor) ? std::span<const double>(amps_cf6)
                                      : std::span<const double>(amps_cf3);
}

std::optional<double> smallest_range_at_least(std::span<const double> ranges, double value) {
    for (double r : ranges) {
        // The tables hold decimal steps; a reading equal to a step within rounding fits it.
        if (r >= value * (1.0 - 1e-12)) {
            return r;
        }
    }
    return std::nullopt;
}

FixedRanges mlperf_ranges(Dialect dialect, int crest_factor, double max_volts, double max_amps) {
    const auto v = voltage_ranges(dialect, crest_factor);
    const auto a = current_ranges(dialect, crest_factor);
    return FixedRanges{smallest_range_at_least(v, max_volts).value_or(v.back()),
                       smallest_range_at_least(a, 1.1 * max_amps).value_or(a.back())};
}

}  // namespace wattbench::drivers::yokogawa
