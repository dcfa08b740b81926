#include "app/chart_style/chart_style.hpp"

#include <gtest/gtest.h>

#include <set>

#include "gui_app.hpp"

namespace wattbench::chart_style {
namespace {

TEST(ChartStyle, SeriesColoursAreTenDistinctOnesInTurn) {
    std::set<QRgb> colours;
    for (std::size_t i = 0; i < 10; ++i) {
        colours.insert(series_colour(i).rgb());
    }
    EXPECT_EQ(colours.size(), 10u);
    EXPECT_EQ(series_colour(0), QColor(0x4e, 0x79, 0xa7));
    EXPECT_EQ(series_colour(10), series_colour(0));
    EXPECT_EQ(series_colour(13), series_colour(3));
}

TEST(ChartStyle, PensAreThinnerOnTheOverview) {
    EXPECT_LT(line_width(true), line_width(false));
    const QPen pen = series_pen(2, false);
    EXPECT_EQ(pen.color(), series_colour(2));
    EXPECT_DOUBLE_EQ(pen.widthF(), line_width(false));
    EXPECT_EQ(threshold_pen().style(), Qt::DashDotLine);
    // A threshold must not look like the first series.
    EXPECT_NE(threshold_pen().color(), series_colour(0));
    EXPECT_EQ(window_edge_pen(print_palette()).style(), Qt::DashLine);
}

TEST(ChartStyle, ThePrintPaletteIsLight) {
    const ChartPalette p = print_palette();
    EXPECT_FALSE(p.dark);
    EXPECT_EQ(p.base, QColor(Qt::white));
    EXPECT_EQ(p.text, QColor(Qt::black));
}

TEST(ChartStyle, APaletteIsDarkByItsWindowColour) {
    QPalette light;
    light.setColor(QPalette::Window, QColor(240, 240, 240));
    light.setColor(QPalette::Base, Qt::white);
    light.setColor(QPalette::Highlight, QColor(0, 120, 215));
    EXPECT_FALSE(palette_from(light).dark);
    EXPECT_EQ(palette_from(light).highlight, QColor(0, 120, 215));
    QPalette dark = light;
    dark.setColor(QPalette::Window, QColor(40, 40, 40));
    EXPECT_TRUE(palette_from(dark).dark);
}

TEST(ChartStyle, TheWindowBandIsDarkerThanTheWarmUpAndStrongerOnDarkThemes) {
    ChartPalette p = print_palette();
    EXPECT_GT(band_colour(p, true).alpha(), band_colour(p, false).alpha());
    const int light_window = band_colour(p, true).alpha();
    const int light_envelope = envelope_colour(0, p).alpha();
    p.dark = true;
    EXPECT_GT(band_colour(p, true).alpha(), light_window);
    EXPECT_GT(envelope_colour(0, p).alpha(), light_envelope);
    EXPECT_EQ(band_colour(p, true).rgb(), p.highlight.rgb());
    EXPECT_LT(grid_colour(p).alpha(), band_label_colour(p).alpha());
}

TEST(ChartStyle, FontsScaleFromTheBase) {
    test::gui_app();
    QFont base;
    base.setPointSizeF(10.0);
    EXPECT_DOUBLE_EQ(axis_font(base).pointSizeF(), 8.5);
    EXPECT_TRUE(title_font(base).bold());
    EXPECT_DOUBLE_EQ(band_label_font(base, false).pointSizeF(), 8.0);
    EXPECT_DOUBLE_EQ(band_label_font(base, true).pointSizeF(), 7.5);
}

TEST(ChartStyle, TicksAndTimeLabels) {
    EXPECT_EQ(x_tick_count(false), 5);
    EXPECT_EQ(x_tick_count(true), 7);
    EXPECT_EQ(y_tick_count(true), 3);
    EXPECT_EQ(time_format(3 * 3600), "HH:mm:ss");
    EXPECT_EQ(time_format(3 * 3600 + 1), "HH:mm");
}

TEST(ChartStyle, PaddedRangeLeavesMarginsAndWidensAFlatLine) {
    const auto [lo, hi] = padded_range(100.0, 200.0);
    EXPECT_DOUBLE_EQ(lo, 92.0);
    EXPECT_DOUBLE_EQ(hi, 208.0);
    // A flat line: 5 % of the value either side, at least 0.5.
    const auto [flo, fhi] = padded_range(230.0, 230.0);
    EXPECT_DOUBLE_EQ(flo, 218.5);
    EXPECT_DOUBLE_EQ(fhi, 241.5);
    const auto [zlo, zhi] = padded_range(0.0, 0.0);
    EXPECT_DOUBLE_EQ(zlo, -0.5);
    EXPECT_DOUBLE_EQ(zhi, 0.5);
    // Nothing to show: a unit axis rather than NaN bounds.
    EXPECT_EQ(padded_range(5.0, 1.0), std::make_pair(0.0, 1.0));
    EXPECT_EQ(padded_range(std::nan(""), 1.0), std::make_pair(0.0, 1.0));
}

}  // namespace
}  // namespace wattbench::chart_style
