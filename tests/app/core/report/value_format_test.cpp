#include "app/core/report/value_format.hpp"

#include <gtest/gtest.h>

namespace wattbench::core::report {
namespace {

TEST(ValueFormat, RoundsToTheGivenDecimals) {
    EXPECT_EQ(format_fixed(71.52, 1), "71.5");
    EXPECT_EQ(format_fixed(0.7, 2), "0.70");
    EXPECT_EQ(format_fixed(3118.6, 0), "3119");
    EXPECT_EQ(format_fixed(-5.25, 1), "-5.2");
}

TEST(ValueFormat, ZeroHasNoSign) {
    EXPECT_EQ(format_fixed(-0.01, 1), "0.0");
    EXPECT_EQ(format_fixed(-0.0, 0), "0");
    EXPECT_EQ(format_fixed(-0.4, 0), "0");
}

TEST(ValueFormat, PercentOfAShare) {
    EXPECT_EQ(format_percent(1.0), "100.0 %");
    EXPECT_EQ(format_percent(0.9967), "99.7 %");
    EXPECT_EQ(format_percent(0.0), "0.0 %");
}

TEST(ValueFormat, RatioKeepsAboutFourFigures) {
    EXPECT_EQ(format_ratio(12345.6), "12346");
    EXPECT_EQ(format_ratio(9.198956), "9.199");
    EXPECT_EQ(format_ratio(0.012345), "0.01235");
    EXPECT_EQ(format_ratio(0.0), "0");
}

TEST(ValueFormat, StatesMostFrequentFirstAsGiven) {
    EXPECT_EQ(format_states({{"Low", 598}, {"Medium", 2}}), "Low ×598, Medium ×2");
    EXPECT_EQ(format_states({}), "");
    // IPMI joins asserted states with ", ": the list then uses "; ".
    EXPECT_EQ(format_states({{"Medium, Warm", 2}, {"Low", 1}}), "Medium, Warm ×2; Low ×1");
}

}  // namespace
}  // namespace wattbench::core::report
