#include "app/chart_style/phase_span.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace wattbench::chart_style {
namespace {

TEST(PhaseSpan, StartsOpenWithoutAWindow) {
    const PhaseSpan s;
    EXPECT_TRUE(std::isnan(s.start));
    EXPECT_FALSE(s.has_window());
    EXPECT_TRUE(s.open());
    EXPECT_EQ(s.phase, -1);
}

TEST(PhaseSpan, AWindowAndAnEndCloseIt) {
    PhaseSpan s;
    s.start = 10.0;
    s.window_start = 30.0;
    EXPECT_TRUE(s.has_window());
    EXPECT_TRUE(s.open());
    s.window_end = 60.0;
    s.end = 60.0;
    EXPECT_FALSE(s.open());
}

}  // namespace
}  // namespace wattbench::chart_style
