#pragma once

#include <cmath>
#include <limits>
#include <string>

namespace wattbench::chart_style {

// One phase as a chart over time shades it: warm-up from `start`, averaging window from
// `window_start` to `window_end`. Times are UTC seconds; NaN where the phase has not got there
// (yet). Qt-free: the GUI's chart history builds these without linking Qt.
struct PhaseSpan {
    static constexpr double kOpen = std::numeric_limits<double>::quiet_NaN();

    std::string name;
    double start = kOpen;
    double window_start = kOpen;
    double window_end = kOpen;
    double end = kOpen;
    int phase = -1;  // the phase's index in the run, where the maker knows it

    bool has_window() const { return !std::isnan(window_start); }
    bool open() const { return std::isnan(end); }
};

}  // namespace wattbench::chart_style
