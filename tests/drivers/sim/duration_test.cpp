#include "drivers/sim/duration.hpp"

#include <gtest/gtest.h>

namespace wattbench::drivers::sim {
namespace {

TEST(Duration, ParsesUnits) {
    EXPECT_DOUBLE_EQ(parse_duration("20s")->count(), 20.0);
    EXPECT_DOUBLE_EQ(parse_duration("500ms")->count(), 0.5);
    EXPECT_DOUBLE_EQ(parse_duration("1.5m")->count(), 90.0);
    EXPECT_DOUBLE_EQ(parse_duration("2h")->count(), 7200.0);
    EXPECT_DOUBLE_EQ(parse_duration("0s")->count(), 0.0);
}

TEST(Duration, ParsesConcatenations) {
    EXPECT_DOUBLE_EQ(parse_duration("1m30s")->count(), 90.0);
    EXPECT_DOUBLE_EQ(parse_duration("1h30m")->count(), 5400.0);
    EXPECT_DOUBLE_EQ(parse_duration("1s250ms")->count(), 1.25);
}

TEST(Duration, RejectsMalformed) {
    for (const char* bad : {"", "20", "s", "20x", "-5s", "1..2s", "20 s", "5sec", ".s", "m5"}) {
        EXPECT_EQ(parse_duration(bad), std::nullopt) << '"' << bad << '"';
    }
}

}  // namespace
}  // namespace wattbench::drivers::sim
