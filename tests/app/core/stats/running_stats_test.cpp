#include "app/core/stats/running_stats.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace wattbench::core::stats {
namespace {

RunningStats of(const std::vector<double>& xs) {
    RunningStats s;
    for (const double x : xs) {
        s.add(x);
    }
    return s;
}

TEST(RunningStats, EmptyHasNaNMeanAndZeroSpread) {
    const RunningStats s;
    EXPECT_EQ(s.count(), 0u);
    EXPECT_TRUE(std::isnan(s.mean()));
    EXPECT_TRUE(std::isnan(s.min()));
    EXPECT_TRUE(std::isnan(s.max()));
    EXPECT_EQ(s.stddev(), 0.0);
}

TEST(RunningStats, SingleValueHasZeroStddev) {
    const RunningStats s = of({42.5});
    EXPECT_EQ(s.count(), 1u);
    EXPECT_EQ(s.mean(), 42.5);
    EXPECT_EQ(s.min(), 42.5);
    EXPECT_EQ(s.max(), 42.5);
    EXPECT_EQ(s.variance(), 0.0);
    EXPECT_EQ(s.stddev(), 0.0);
}

TEST(RunningStats, KnownSeries) {
    const RunningStats s = of({2, 4, 4, 4, 5, 5, 7, 9});
    EXPECT_EQ(s.count(), 8u);
    EXPECT_DOUBLE_EQ(s.mean(), 5.0);
    EXPECT_EQ(s.min(), 2.0);
    EXPECT_EQ(s.max(), 9.0);
    // Sum of squared deviations is 32; the sample variance divides by n - 1 = 7.
    EXPECT_DOUBLE_EQ(s.variance(), 32.0 / 7.0);
    EXPECT_NEAR(s.stddev(), 2.138089935299395, 1e-12);
}

TEST(RunningStats, ConstantSeriesHasExactlyZeroStddev) {
    const RunningStats s = of(std::vector<double>(1000, 0.1));
    EXPECT_EQ(s.stddev(), 0.0);
    EXPECT_NEAR(s.mean(), 0.1, 1e-15);
}

TEST(RunningStats, LargeOffsetIsNumericallyStable) {
    const RunningStats s = of({1e9 + 4, 1e9 + 7, 1e9 + 13, 1e9 + 16});
    EXPECT_DOUBLE_EQ(s.mean(), 1e9 + 10);
    EXPECT_DOUBLE_EQ(s.variance(), 30.0);
    EXPECT_NEAR(s.stddev(), std::sqrt(30.0), 1e-12);
}

TEST(RunningStats, MergeEqualsSequential) {
    const std::vector<double> all{1.5, -3, 8, 8, 2.25, 100, 7, 0, -1, 4};
    for (std::size_t split = 0; split <= all.size(); ++split) {
        RunningStats a = of({all.begin(), all.begin() + static_cast<long>(split)});
        const RunningStats b = of({all.begin() + static_cast<long>(split), all.end()});
        a.merge(b);
        const RunningStats seq = of(all);
        SCOPED_TRACE(split);
        EXPECT_EQ(a.count(), seq.count());
        EXPECT_NEAR(a.mean(), seq.mean(), 1e-12);
        EXPECT_NEAR(a.variance(), seq.variance(), 1e-10);
        EXPECT_EQ(a.min(), seq.min());
        EXPECT_EQ(a.max(), seq.max());
    }
}

TEST(RunningStats, MergeWithLargeOffset) {
    RunningStats a = of({1e9 + 4, 1e9 + 7});
    a.merge(of({1e9 + 13, 1e9 + 16}));
    EXPECT_DOUBLE_EQ(a.mean(), 1e9 + 10);
    EXPECT_DOUBLE_EQ(a.variance(), 30.0);
}

TEST(RunningStats, MergeEmptyIsIdentity) {
    RunningStats a = of({1, 2, 3});
    a.merge(RunningStats{});
    EXPECT_EQ(a.count(), 3u);
    EXPECT_DOUBLE_EQ(a.mean(), 2.0);
    RunningStats e;
    e.merge(a);
    EXPECT_EQ(e.count(), 3u);
    EXPECT_DOUBLE_EQ(e.variance(), 1.0);
    EXPECT_EQ(e.min(), 1.0);
}

}  // namespace
}  // namespace wattbench::core::stats
