#pragma once

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <QFont>
#include <QPainter>
#include <QRectF>

#include "app/charts/chart_style.hpp"

namespace wattbench::charts {

// One phase as a chart over time shades it: warm-up from `start`, averaging window from
// `window_start` to `window_end`. Times are UTC seconds; NaN where the phase has not got there.
struct PhaseSpan {
    static constexpr double kOpen = std::numeric_limits<double>::quiet_NaN();

    std::string name;
    double start = kOpen;
    double window_start = kOpen;
    double window_end = kOpen;
    double end = kOpen;

    bool has_window() const { return !std::isnan(window_start); }
    bool open() const { return std::isnan(end); }
};

// Maps UTC seconds in [t0, t1] onto a plot rectangle's width.
struct TimeScale {
    QRectF plot;
    double t0 = 0.0;
    double t1 = 1.0;

    double x(double t) const { return plot.left() + (t - t0) / (t1 - t0) * plot.width(); }
};

// Behind the lines: the warm-up lightly shaded, the averaging window darker, so a chart reads
// like the review's phase ladder.
void paint_phase_bands(QPainter& painter, const TimeScale& scale,
                       const std::vector<PhaseSpan>& spans, const ChartPalette& palette);

// In front of the lines: dashed averaging-window edges and each phase's name at the top of its
// band (elided to the band's width, left out where the band is too narrow to hold a letter).
void paint_phase_marks(QPainter& painter, const TimeScale& scale,
                       const std::vector<PhaseSpan>& spans, const ChartPalette& palette,
                       const QFont& label_font);

// The span the detail charts show, outlined on an overview; nothing when it is the whole range.
void paint_marked_span(QPainter& painter, const TimeScale& scale, double mark0, double mark1,
                       const ChartPalette& palette);

}  // namespace wattbench::charts
