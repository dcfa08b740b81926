#pragma once

#include <cmath>
#include <limits>
#include <string>

namespace wattbench::gui::history {

// One phase as the charts shade it: warm-up from `start`, averaging window from `window_start`
// to `window_end`. Times are UTC seconds; NaN where the phase has not got there (yet).
struct PhaseBand {
    static constexpr double kOpen = std::numeric_limits<double>::quiet_NaN();

    int phase = -1;
    std::string name;
    double start = kOpen;
    double window_start = kOpen;
    double window_end = kOpen;
    double end = kOpen;

    bool has_window() const { return !std::isnan(window_start); }
    bool open() const { return std::isnan(end); }
};

}  // namespace wattbench::gui::history
