#include "app/chart_style/chart_style.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>

namespace wattbench::chart_style {

namespace {

constexpr QRgb kLineColours[] = {0x4e79a7, 0xf28e2b, 0xe15759, 0x76b7b2, 0x59a14f,
                                 0xedc948, 0xb07aa1, 0xff9da7, 0x9c755f, 0xbab0ac};

QColor with_alpha(QColor c, int alpha) {
    c.setAlpha(alpha);
    return c;
}

}  // namespace

ChartPalette palette_from(const QPalette& palette) {
    ChartPalette p;
    p.base = palette.color(QPalette::Base);
    p.text = palette.color(QPalette::WindowText);
    p.highlight = palette.color(QPalette::Highlight);
    p.dark = palette.color(QPalette::Window).lightness() < 128;
    return p;
}

ChartPalette print_palette() {
    // Fusion's light palette, which the GUI shows on most desktops and always offscreen.
    ChartPalette p;
    p.base = QColor(Qt::white);
    p.text = QColor(Qt::black);
    p.highlight = QColor(0x30, 0x8c, 0xc6);
    p.dark = false;
    return p;
}

QColor series_colour(std::size_t index) {
    return QColor::fromRgb(kLineColours[index % std::size(kLineColours)]);
}

double line_width(bool overview) {
    return overview ? 1.2 : 1.8;
}

QPen series_pen(std::size_t index, bool overview) {
    QPen pen(series_colour(index));
    pen.setWidthF(line_width(overview));
    return pen;
}

QColor envelope_colour(std::size_t index, const ChartPalette& palette) {
    return with_alpha(series_colour(index), palette.dark ? 80 : 56);
}

QColor band_colour(const ChartPalette& palette, bool window) {
    return with_alpha(palette.highlight,
                      window ? (palette.dark ? 70 : 48) : (palette.dark ? 30 : 20));
}

QPen window_edge_pen(const ChartPalette& palette) {
    return QPen(with_alpha(palette.highlight, 160), 1.0, Qt::DashLine);
}

QColor band_label_colour(const ChartPalette& palette) {
    return with_alpha(palette.text, 200);
}

QColor grid_colour(const ChartPalette& palette) {
    return with_alpha(palette.text, 40);
}

QPen threshold_pen() {
    QPen pen(QColor(0xc0, 0x39, 0x2b), 1.3, Qt::DashDotLine);
    return pen;
}

QPen marker_pen(const ChartPalette& palette) {
    return QPen(with_alpha(palette.text, 170), 1.2, Qt::DashLine);
}

QFont axis_font(const QFont& base) {
    QFont f = base;
    f.setPointSizeF(base.pointSizeF() * 0.85);
    return f;
}

QFont title_font(const QFont& base) {
    QFont f = base;
    f.setBold(true);
    return f;
}

QFont band_label_font(const QFont& base, bool overview) {
    QFont f = base;
    f.setPointSizeF(base.pointSizeF() * (overview ? 0.75 : 0.8));
    return f;
}

int x_tick_count(bool overview) {
    return overview ? 7 : 5;
}

int y_tick_count(bool overview) {
    return overview ? 3 : 5;
}

QString time_format(double span_s) {
    return span_s > 3 * 3600 ? QStringLiteral("HH:mm") : QStringLiteral("HH:mm:ss");
}

std::pair<double, double> padded_range(double lo, double hi) {
    if (!(lo <= hi) || !std::isfinite(lo) || !std::isfinite(hi)) {
        return {0.0, 1.0};
    }
    if (hi - lo < 1e-9) {
        const double pad = std::max(std::abs(hi) * 0.05, 0.5);
        return {lo - pad, hi + pad};
    }
    const double pad = (hi - lo) * 0.08;
    return {lo - pad, hi + pad};
}

}  // namespace wattbench::chart_style
