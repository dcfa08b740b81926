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

}  // namespace
}  // namespace wattbench::core::report
