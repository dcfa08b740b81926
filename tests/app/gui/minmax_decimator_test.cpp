#include "app/gui/history/minmax_decimator.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace wattbench::gui::history {
namespace {

TEST(MinMaxDecimator, KeepsEveryReadingWhileBucketsAreFree) {
    MinMaxDecimator d(8, 1.0);
    d.add({0.0, 1.0});
    d.add({1.0, 2.0});
    d.add({2.0, 3.0});
    EXPECT_EQ(d.points(), (std::vector<Point>{{0.0, 1.0}, {1.0, 2.0}, {2.0, 3.0}}));
}

TEST(MinMaxDecimator, BucketKeepsMinimumAndMaximumInTimeOrder) {
    MinMaxDecimator d(8, 10.0);
    d.add({0.0, 5.0});
    d.add({2.0, 9.0});
    d.add({4.0, 1.0});
    d.add({6.0, 4.0});
    EXPECT_EQ(d.points(), (std::vector<Point>{{2.0, 9.0}, {4.0, 1.0}}));
}

TEST(MinMaxDecimator, MemoryStaysBoundedOverADayAtTenHertz) {
    MinMaxDecimator d(1024, 1.0);
    const int n = 24 * 3600 * 10;
    for (int i = 0; i < n; ++i) {
        const double t = i * 0.1;
        d.add({t, std::sin(t / 600.0)});
    }
    EXPECT_LE(d.bucket_count(), 1024u);
    EXPECT_LE(d.points().size(), 2048u);
    // Doubling from 1 s: 86400 s needs 2^7 = 128 s buckets to fit in 1024.
    EXPECT_DOUBLE_EQ(d.bucket_width(), 128.0);
    const auto pts = d.points();
    EXPECT_TRUE(std::is_sorted(pts.begin(), pts.end(),
                               [](const Point& a, const Point& b) { return a.t < b.t; }));
}

TEST(MinMaxDecimator, ASpikeSurvivesMerging) {
    MinMaxDecimator d(16, 1.0);
    for (int i = 0; i < 10'000; ++i) {
        d.add({static_cast<double>(i), i == 4321 ? 500.0 : 100.0});
    }
    const auto pts = d.points();
    const auto top = std::max_element(pts.begin(), pts.end(),
                                      [](const Point& a, const Point& b) { return a.v < b.v; });
    EXPECT_EQ(*top, (Point{4321.0, 500.0}));
}

TEST(MinMaxDecimator, IgnoresNonFiniteValues) {
    MinMaxDecimator d(4, 1.0);
    d.add({0.0, std::nan("")});
    d.add({1.0, INFINITY});
    EXPECT_EQ(d.bucket_count(), 0u);
}

TEST(MinMaxDecimator, ClearStartsOverAtTheInitialWidth) {
    MinMaxDecimator d(2, 1.0);
    for (int i = 0; i < 10; ++i) {
        d.add({static_cast<double>(i), 1.0});
    }
    EXPECT_GT(d.bucket_width(), 1.0);
    d.clear();
    EXPECT_EQ(d.bucket_count(), 0u);
    EXPECT_DOUBLE_EQ(d.bucket_width(), 1.0);
}

TEST(DecimateMinMax, ShortInputsPassUnchanged) {
    std::vector<Point> in{{0, 1}, {1, 2}, {2, 3}};
    EXPECT_EQ(decimate_minmax(in, 2), in);
}

TEST(DecimateMinMax, ReducesToTwoPointsPerBucketKeepingExtremes) {
    std::vector<Point> in;
    for (int i = 0; i < 1000; ++i) {
        in.push_back({static_cast<double>(i), i == 500 ? -7.0 : (i == 501 ? 9.0 : 0.0)});
    }
    const auto out = decimate_minmax(in, 10);
    EXPECT_LE(out.size(), 20u);
    EXPECT_NE(std::find(out.begin(), out.end(), Point{500.0, -7.0}), out.end());
    EXPECT_NE(std::find(out.begin(), out.end(), Point{501.0, 9.0}), out.end());
    EXPECT_EQ(out.front().t, 0.0);
}

TEST(DecimateMinMaxAligned, BucketsSitAtMultiplesOfTheWidthWhateverTheFirstPoint) {
    std::vector<Point> in;
    for (int i = 0; i < 100; ++i) {
        in.push_back({1000.0 + i * 0.1, static_cast<double>(i % 7)});
    }
    const auto all = decimate_minmax_aligned(in, 1.0);
    EXPECT_LE(all.size(), 20u);
    // Dropping the first readings changes no later bucket: a chart can keep them drawn.
    const auto later = decimate_minmax_aligned(std::span<const Point>(in).subspan(30), 1.0);
    const std::vector<Point> tail(all.end() - static_cast<std::ptrdiff_t>(later.size()) + 2,
                                  all.end());
    EXPECT_EQ(std::vector<Point>(later.begin() + 2, later.end()), tail);
    for (std::size_t i = 1; i < all.size(); ++i) {
        EXPECT_LT(all[i - 1].t, all[i].t);
    }
}

TEST(DecimateMinMaxAligned, KeepsEachBucketsExtremes) {
    std::vector<Point> in{{0.1, 5}, {0.5, -2}, {0.9, 8}, {1.2, 3}, {1.4, 3}};
    const std::vector<Point> want{{0.5, -2}, {0.9, 8}, {1.2, 3}};
    EXPECT_EQ(decimate_minmax_aligned(in, 1.0), want);
}

}  // namespace
}  // namespace wattbench::gui::history
