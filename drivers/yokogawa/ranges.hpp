#pragma once

#include <optional>
#include <span>

#include "drivers/yokogawa/dialect.hpp"

namespace wattbench::drivers::yokogawa {

// The measuring ranges a meter offers, ascending (WT310E user's manual IM WT310E-01EN,
// "Measurement Conditions"; crest factor 6 halves every range). The WT210 is given the same
// tables at crest factor 3: its elements cover the same 15–600 V and 5 mA–20 A steps.
std::span<const double> voltage_ranges(Dialect dialect, int crest_factor);
std::span<const double> current_ranges(Dialect dialect, int crest_factor);

// Smallest range ≥ value; nullopt when the value exceeds the largest range.
std::optional<double> smallest_range_at_least(std::span<const double> ranges, double value);

// MLPerf Power's ranging rule: V range = smallest ≥ the highest voltage seen, A range =
// smallest ≥ 1.1 × the highest current seen; a value above every range takes the largest.
struct FixedRanges {
    double volts = 0.0;
    double amps = 0.0;
};
FixedRanges mlperf_ranges(Dialect dialect, int crest_factor, double max_volts, double max_amps);

}  // namespace wattbench::drivers::yokogawa
