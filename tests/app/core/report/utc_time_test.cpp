#include "app/core/report/utc_time.hpp"

#include <gtest/gtest.h>

namespace wattbench::core::report {
namespace {

TEST(UtcTime, ParsesTheRunFilesFormat) {
    EXPECT_EQ(parse_utc_ms("1970-01-01T00:00:00Z"), 0);
    EXPECT_EQ(parse_utc_ms("1970-01-01T00:00:01.5Z"), 1500);
    EXPECT_EQ(parse_utc_ms("2000-03-01T00:00:00.000Z"), 951868800000);
    EXPECT_EQ(*parse_utc_ms("2026-11-29T20:05:40.000Z") - *parse_utc_ms("2026-11-29T19:55:40.000Z"),
              600000);
}

TEST(UtcTime, RejectsOtherSpellings) {
    EXPECT_FALSE(parse_utc_ms(""));
    EXPECT_FALSE(parse_utc_ms("2026-11-29 19:55:40Z"));
    EXPECT_FALSE(parse_utc_ms("2026-11-29T19:55:40+01:00"));
    EXPECT_FALSE(parse_utc_ms("2026-13-29T19:55:40Z"));
    EXPECT_FALSE(parse_utc_ms("2026-11-29T19:55:40.123"));
}

TEST(UtcTime, FormatsForReaders) {
    EXPECT_EQ(format_utc("2026-11-29T19:50:40.123Z"), "2026-11-29 19:50:40 UTC");
    EXPECT_EQ(format_utc("yesterday"), "yesterday");
    EXPECT_EQ(format_utc_time("2026-11-29T19:50:40.123Z"), "19:50:40");
}

TEST(UtcTime, Durations) {
    EXPECT_EQ(format_duration(0), "0 s");
    EXPECT_EQ(format_duration(42'400), "42 s");
    EXPECT_EQ(format_duration(600'000), "10 min");
    EXPECT_EQ(format_duration(605'000), "10 min 5 s");
    EXPECT_EQ(format_duration(3'721'000), "1 h 02 min");
}

}  // namespace
}  // namespace wattbench::core::report
