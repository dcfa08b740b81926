#pragma once

#include <vector>

#include <QFont>
#include <QPainter>
#include <QRectF>

#include "app/chart_style/chart_style.hpp"
#include "app/chart_style/phase_span.hpp"

namespace wattbench::chart_style {

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

}  // namespace wattbench::chart_style
