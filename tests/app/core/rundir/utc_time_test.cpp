#include "app/core/rundir/utc_time.hpp"

#include <gtest/gtest.h>

namespace wattbench::core::rundir {
namespace {

TEST(RundirUtcTime, ReadsTheRunFilesForm) {
    EXPECT_EQ(parse_utc_ms("1970-01-01T00:00:00.000Z"), 0);
    EXPECT_EQ(parse_utc_ms("2026-11-29T19:50:40.123Z"), 1'795'981'840'123);
    EXPECT_EQ(parse_utc_ms("2024-02-29T23:59:59.999Z"), 1'709'251'199'999);
    EXPECT_EQ(parse_utc_ms("1969-12-31T23:59:59.000Z"), -1'000);
}

TEST(RundirUtcTime, FractionIsOptionalAndAnyLength) {
    EXPECT_EQ(parse_utc_ms("1970-01-01T00:00:01Z"), 1'000);
    EXPECT_EQ(parse_utc_ms("1970-01-01T00:00:01.5Z"), 1'500);
    EXPECT_EQ(parse_utc_ms("1970-01-01T00:00:01.123456Z"), 1'123);
}

TEST(RundirUtcTime, AsTimePoint) {
    const auto t = parse_utc_time("1970-01-01T00:00:02.250Z");
    ASSERT_TRUE(t.has_value());
    EXPECT_EQ(t->time_since_epoch(), std::chrono::milliseconds{2'250});
    EXPECT_FALSE(parse_utc_time("yesterday").has_value());
}

TEST(RundirUtcTime, RejectsAnythingElse) {
    for (const char* bad :
         {"", "2026-11-29T19:50:40.123", "2026-11-29 19:50:40.123Z",
          "2026-11-29T19:50:40.123+00:00", "2026-02-30T00:00:00.000Z", "2025-02-29T00:00:00.000Z",
          "2026-13-01T00:00:00.000Z", "2026-00-01T00:00:00.000Z", "2026-11-00T00:00:00.000Z",
          "2026-11-29T24:00:00.000Z", "2026-11-29T19:60:00.000Z", "2026-11-29T19:50:60.000Z",
          "2026-11-29T19:50:4x.123Z", "+026-11-29T19:50:40.123Z", "-026-11-29T19:50:40.123Z",
          "2026-11-29T19:50:40.123Z ", "2026-11-29T19:50:40.12xZ"}) {
        EXPECT_FALSE(parse_utc_ms(bad).has_value()) << bad;
    }
}

}  // namespace
}  // namespace wattbench::core::rundir
