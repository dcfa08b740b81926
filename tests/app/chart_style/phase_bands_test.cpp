#include "app/chart_style/phase_bands.hpp"

#include <gtest/gtest.h>

#include <QImage>

#include "gui_app.hpp"

namespace wattbench::chart_style {
namespace {

// A 200 × 50 plot over t = 0 … 100 s: 2 px per second.
constexpr int kWidth = 200;
constexpr int kHeight = 50;

QImage blank() {
    QImage img(kWidth, kHeight, QImage::Format_ARGB32);
    img.fill(Qt::white);
    return img;
}

TimeScale scale() {
    return {QRectF(0, 0, kWidth, kHeight), 0.0, 100.0};
}

PhaseSpan span(std::string name, double start, double ws, double we, double end) {
    PhaseSpan s;
    s.name = std::move(name);
    s.start = start;
    s.window_start = ws;
    s.window_end = we;
    s.end = end;
    return s;
}

QImage bands(const std::vector<PhaseSpan>& spans) {
    QImage img = blank();
    {
        QPainter p(&img);
        paint_phase_bands(p, scale(), spans, print_palette());
    }
    return img;
}

bool white(const QImage& img, int x, int y = kHeight / 2) {
    return img.pixel(x, y) == QColor(Qt::white).rgb();
}

// Pixels in a column or a rectangle that are not white.
int marked(const QImage& img, QRect r) {
    int n = 0;
    r = r.intersected(img.rect());
    for (int y = r.top(); y <= r.bottom(); ++y) {
        for (int x = r.left(); x <= r.right(); ++x) {
            n += white(img, x, y) ? 0 : 1;
        }
    }
    return n;
}

TEST(PhaseBands, WarmUpShadedLightlyAndTheWindowDarkerBetweenTheirTimes) {
    // Warm-up 10–30 s (x 20–60), window 30–60 s (x 60–120), phase over at 80 s (x 160).
    const QImage img = bands({span("idle", 10, 30, 60, 80)});
    EXPECT_TRUE(white(img, 10));
    EXPECT_TRUE(white(img, 18));
    EXPECT_FALSE(white(img, 22));
    EXPECT_FALSE(white(img, 90));
    const QColor warmup = img.pixelColor(40, 25);
    const QColor window = img.pixelColor(90, 25);
    EXPECT_LT(window.lightness(), warmup.lightness());
    // Tinted with the highlight colour: blue above red.
    EXPECT_GT(window.blue(), window.red());
    // A closed window is followed by no shading: the rest of the phase and after it are white.
    EXPECT_TRUE(white(img, 130));
    EXPECT_TRUE(white(img, 180));
    // The band covers the plot's full height.
    EXPECT_FALSE(white(img, 90, 0));
    EXPECT_FALSE(white(img, 90, kHeight - 1));
}

TEST(PhaseBands, AnOpenPhaseReachesTheRightEdge) {
    const QImage warming =
        bands({span("cpu", 50, PhaseSpan::kOpen, PhaseSpan::kOpen, PhaseSpan::kOpen)});
    EXPECT_TRUE(white(warming, 95));
    EXPECT_FALSE(white(warming, 105));
    EXPECT_FALSE(white(warming, kWidth - 1));
    const QImage measuring = bands({span("cpu", 50, 70, PhaseSpan::kOpen, PhaseSpan::kOpen)});
    EXPECT_EQ(measuring.pixel(190, 25), bands({span("x", 0, 0, 100, 100)}).pixel(190, 25))
        << "an open window is shaded as a window up to the right edge";
}

TEST(PhaseBands, APhaseNotStartedOrAnEmptyPlotPaintsNothing) {
    EXPECT_EQ(bands({span("later", PhaseSpan::kOpen, PhaseSpan::kOpen, PhaseSpan::kOpen,
                          PhaseSpan::kOpen)}),
              blank());
    QImage img = blank();
    {
        QPainter p(&img);
        paint_phase_bands(p, {QRectF(0, 0, kWidth, kHeight), 10.0, 10.0},
                          {span("idle", 0, 5, 8, 9)}, print_palette());
    }
    EXPECT_EQ(img, blank());
}

TEST(PhaseBands, MarksDrawWindowEdgesAndNamesThatFit) {
    test::gui_app();
    QImage img = blank();
    {
        QPainter p(&img);
        QFont font;
        font.setPixelSize(12);
        // A wide phase (x 20–160) and one 5 px wide (x 170–175): too narrow for a letter.
        paint_phase_marks(p, scale(),
                          {span("idle", 10, 30, 60, 80), span("narrow", 85, 86, 87, 87.5)},
                          print_palette(), font);
    }
    // Dashed edges at the window's opening (x 60) and closing (x 120), nothing between.
    EXPECT_GT(marked(img, QRect(60, 15, 1, 35)), 5);
    EXPECT_GT(marked(img, QRect(120, 15, 1, 35)), 5);
    EXPECT_EQ(marked(img, QRect(80, 15, 30, 35)), 0);
    // The wide phase's name at the top left of its band.
    EXPECT_GT(marked(img, QRect(21, 0, 38, 15)), 10);
    EXPECT_EQ(marked(img, QRect(0, 0, 19, kHeight)), 0);
    // The narrow one has its edges, but no label to its right.
    EXPECT_EQ(marked(img, QRect(177, 0, kWidth - 177, kHeight)), 0);
}

TEST(PhaseBands, ALongNameIsElidedToItsBand) {
    test::gui_app();
    QImage img = blank();
    {
        QPainter p(&img);
        QFont font;
        font.setPixelSize(12);
        // x 20–60, no window: no edges, only the name.
        paint_phase_marks(
            p, scale(),
            {span("a-very-long-phase-name-indeed", 10, PhaseSpan::kOpen, PhaseSpan::kOpen, 30)},
            print_palette(), font);
    }
    EXPECT_GT(marked(img, QRect(21, 0, 38, 15)), 10);
    EXPECT_EQ(marked(img, QRect(61, 0, kWidth - 61, kHeight)), 0);
}

TEST(PhaseBands, TheMarkedSpanIsOutlinedUnlessItIsTheWholeRange) {
    QImage whole = blank();
    {
        QPainter p(&whole);
        paint_marked_span(p, scale(), 0.0, 100.0, print_palette());
    }
    EXPECT_EQ(whole, blank());
    QImage part = blank();
    {
        QPainter p(&part);
        paint_marked_span(p, scale(), 50.0, 75.0, print_palette());
    }
    EXPECT_GT(marked(part, QRect(99, 5, 3, 40)), 20);   // left edge at x 100
    EXPECT_GT(marked(part, QRect(149, 5, 3, 40)), 20);  // right edge at x 150
    EXPECT_EQ(marked(part, QRect(0, 0, 95, kHeight)), 0);
    EXPECT_EQ(marked(part, QRect(155, 0, kWidth - 155, kHeight)), 0);
}

}  // namespace
}  // namespace wattbench::chart_style
