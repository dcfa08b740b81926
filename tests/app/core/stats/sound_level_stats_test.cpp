#include "app/core/stats/sound_level_stats.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace wattbench::core::stats {
namespace {

TEST(SoundLevelStats, EmptyIsNaN) {
    SoundLevelStats s;
    EXPECT_EQ(s.count(), 0u);
    EXPECT_TRUE(std::isnan(s.leq()));
    EXPECT_TRUE(std::isnan(s.l10()));
    EXPECT_TRUE(std::isnan(s.l90()));
}

TEST(SoundLevelStats, LeqAveragesEnergyNotDecibels) {
    SoundLevelStats s;
    s.add(50.0);
    s.add(70.0);
    // 10·log10((10^5 + 10^7) / 2) = 67.0329…
    EXPECT_NEAR(s.leq(), 67.0329, 1e-4);
    EXPECT_EQ(std::round(s.leq() * 10.0) / 10.0, 67.0);
}

TEST(SoundLevelStats, ConstantLevelIsItsOwnLeq) {
    SoundLevelStats s;
    for (int i = 0; i < 1000; ++i) {
        s.add(42.3);
    }
    EXPECT_NEAR(s.leq(), 42.3, 1e-9);
    EXPECT_DOUBLE_EQ(s.l10(), 42.3);
    EXPECT_DOUBLE_EQ(s.l90(), 42.3);
}

TEST(SoundLevelStats, TwoEqualSourcesAddThreeDecibels) {
    // Half the time 60 dB, half 60 dB + 10·log10(3) (two sources → +3 dB of 60): the energy
    // mean is 10·log10((1 + 3) / 2) = +3.01 dB.
    SoundLevelStats s;
    s.add(60.0);
    s.add(60.0 + 10.0 * std::log10(3.0));
    EXPECT_NEAR(s.leq(), 60.0 + 10.0 * std::log10(2.0), 1e-9);
}

TEST(SoundLevelStats, PercentileLevelsOnAKnownSeries) {
    // 30.0, 30.1, …, 39.9: 100 readings a tenth of a decibel apart.
    SoundLevelStats s;
    for (int i = 0; i < 100; ++i) {
        s.add(30.0 + i / 10.0);
    }
    // 10 readings (39.0…39.9) lie above 38.9: L10 = 38.9; 90 lie above 30.9: L90 = 30.9.
    EXPECT_DOUBLE_EQ(s.l10(), 38.9);
    EXPECT_DOUBLE_EQ(s.l90(), 30.9);
    EXPECT_DOUBLE_EQ(s.exceeded(50.0), 34.9);
    EXPECT_DOUBLE_EQ(s.exceeded(0.0), 39.9);
    EXPECT_DOUBLE_EQ(s.exceeded(100.0), 30.0);
}

TEST(SoundLevelStats, TenValues) {
    SoundLevelStats s;
    for (int i = 1; i <= 10; ++i) {
        s.add(40.0 + i);
    }
    EXPECT_DOUBLE_EQ(s.l10(), 49.0);
    EXPECT_DOUBLE_EQ(s.l90(), 41.0);
}

TEST(SoundLevelStats, HistogramIsExactToATenth) {
    SoundLevelStats s;
    s.add(55.04);  // → 55.0 bin
    s.add(55.06);  // → 55.1 bin
    EXPECT_DOUBLE_EQ(s.exceeded(0.0), 55.1);
    EXPECT_DOUBLE_EQ(s.exceeded(100.0), 55.0);
}

TEST(SoundLevelStats, LevelsOutsideTheHistogramCountAtItsEdges) {
    SoundLevelStats s;
    s.add(1e6);
    s.add(-1e6);
    EXPECT_DOUBLE_EQ(s.exceeded(0.0), SoundLevelStats::kHighest);
    EXPECT_DOUBLE_EQ(s.exceeded(100.0), SoundLevelStats::kLowest);
}

TEST(SoundLevelStats, LoudWindowsNeitherOverflowNorLoseQuietReadings) {
    SoundLevelStats s;
    s.add(20.0);
    for (int i = 0; i < 100000; ++i) {
        s.add(3000.0);
    }
    EXPECT_TRUE(std::isfinite(s.leq()));
    EXPECT_NEAR(s.leq(), 3000.0 - 10.0 * std::log10(100001.0 / 100000.0), 1e-6);
    SoundLevelStats rising;
    rising.add(30.0);
    rising.add(90.0);
    EXPECT_NEAR(rising.leq(), 10.0 * std::log10((1e3 + 1e9) / 2.0), 1e-9);
}

TEST(SoundLevelStats, NonFiniteReadingsAreIgnored) {
    SoundLevelStats s;
    s.add(std::nan(""));
    s.add(INFINITY);
    EXPECT_EQ(s.count(), 0u);
}

TEST(SoundLevelUnit, DecibelUnitsOnly) {
    EXPECT_TRUE(is_sound_level_unit("dBA"));
    EXPECT_TRUE(is_sound_level_unit("dBC"));
    EXPECT_TRUE(is_sound_level_unit("dB"));
    EXPECT_FALSE(is_sound_level_unit("W"));
    EXPECT_FALSE(is_sound_level_unit("dBm"));
}

}  // namespace
}  // namespace wattbench::core::stats
