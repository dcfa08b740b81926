#pragma once

namespace wattbench::gui::history {

// One charted value: `t` in seconds since the Unix epoch (UTC), so live runs and run
// directories read back from disk share one time axis.
struct Point {
    double t = 0.0;
    double v = 0.0;

    friend bool operator==(const Point&, const Point&) = default;
};

}  // namespace wattbench::gui::history
