#pragma once

#include <cstddef>
#include <utility>

#include <QColor>
#include <QFont>
#include <QPalette>
#include <QPen>
#include <QString>

namespace wattbench::chart_style {

// The colours a chart is drawn in. The GUI takes them from the application's palette (light or
// dark); a report on paper uses print_palette(), so a chart exported for an article looks like the
// GUI's in its light theme.
struct ChartPalette {
    QColor base;       // behind the plot
    QColor text;       // titles, labels, legend
    QColor highlight;  // phase bands and averaging-window edges
    bool dark = false;
};

ChartPalette palette_from(const QPalette& palette);
ChartPalette print_palette();

// Mains voltage (~230 V) next to 12/5/3.3 V rails would flatten the rails to lines; channels
// whose display range starts this high get their own axis on the right.
inline constexpr double kRightAxisFrom = 50.0;

// Distinct on light and dark backgrounds (Tableau 10). Set explicitly: the chart theme's own
// colours are lost once a pen width is set.
QColor series_colour(std::size_t index);
double line_width(bool overview);
QPen series_pen(std::size_t index, bool overview);
// The min/max envelope behind a series' mean line: its colour, mostly transparent.
QColor envelope_colour(std::size_t index, const ChartPalette& palette);

QColor band_colour(const ChartPalette& palette, bool window);
QPen window_edge_pen(const ChartPalette& palette);
QColor band_label_colour(const ChartPalette& palette);
QColor grid_colour(const ChartPalette& palette);
// A sensor limit (IPMI upper critical ...): dashed, in a colour no series uses first.
QPen threshold_pen();
// A point of interest on a curve (the knee where SMT siblings begin).
QPen marker_pen(const ChartPalette& palette);

QFont axis_font(const QFont& base);
QFont title_font(const QFont& base);
QFont band_label_font(const QFont& base, bool overview);

int x_tick_count(bool overview);
int y_tick_count(bool overview);
inline const QString kValueLabelFormat = QStringLiteral("%.4g");
// Clock labels: minutes are enough once a chart spans more than three hours.
QString time_format(double span_s);

// The range a value axis shows for data in [lo, hi]: 8 % margins, and a flat line gets a band
// around it instead of a zero-height axis. Qt Charts' applyNiceNumbers rounds it afterwards.
std::pair<double, double> padded_range(double lo, double hi);

}  // namespace wattbench::chart_style
