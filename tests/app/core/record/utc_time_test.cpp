#include "app/core/record/utc_time.hpp"

#include <gtest/gtest.h>

#include "app/core/record/utc_ms_formatter.hpp"
#include "app/core/rundir/utc_time.hpp"

namespace wattbench::core::record {
namespace {

using namespace std::chrono;
using namespace std::chrono_literals;

system_clock::time_point at(year_month_day d, nanoseconds since_midnight) {
    return system_clock::time_point{sys_days{d}} +
           duration_cast<system_clock::duration>(since_midnight);
}

TEST(FormatUtcMs, Epoch) {
    EXPECT_EQ(format_utc_ms(system_clock::time_point{}), "1970-01-01T00:00:00.000Z");
}

TEST(FormatUtcMs, DocumentedExample) {
    EXPECT_EQ(format_utc_ms(at(2026y / 11 / 29, 19h + 50min + 40s + 123ms)),
              "2026-11-29T19:50:40.123Z");
}

TEST(FormatUtcMs, MillisecondEdges) {
    const auto t0 = system_clock::time_point{};
    EXPECT_EQ(format_utc_ms(t0 + 1ms), "1970-01-01T00:00:00.001Z");
    EXPECT_EQ(format_utc_ms(t0 + 999ms), "1970-01-01T00:00:00.999Z");
    EXPECT_EQ(format_utc_ms(t0 + 1000ms), "1970-01-01T00:00:01.000Z");
    EXPECT_EQ(format_utc_ms(t0 + 10ms), "1970-01-01T00:00:00.010Z");
    EXPECT_EQ(format_utc_ms(t0 + 100ms), "1970-01-01T00:00:00.100Z");
}

TEST(FormatUtcMs, TruncatesInsteadOfRoundingIntoTheNextSecond) {
    const auto t0 = system_clock::time_point{};
    EXPECT_EQ(format_utc_ms(t0 + duration_cast<system_clock::duration>(999'999'999ns)),
              "1970-01-01T00:00:00.999Z");
    EXPECT_EQ(format_utc_ms(t0 + duration_cast<system_clock::duration>(1'000'499'999ns)),
              "1970-01-01T00:00:01.000Z");
}

TEST(FormatUtcMs, DayMonthYearAndLeapDayRollover) {
    EXPECT_EQ(format_utc_ms(at(2025y / 12 / 31, 23h + 59min + 59s + 999ms)),
              "2025-12-31T23:59:59.999Z");
    EXPECT_EQ(format_utc_ms(at(2025y / 12 / 31, 23h + 59min + 59s + 1000ms)),
              "2026-01-01T00:00:00.000Z");
    EXPECT_EQ(format_utc_ms(at(2024y / 2 / 28, 24h)), "2024-02-29T00:00:00.000Z");
    EXPECT_EQ(format_utc_ms(at(2100y / 2 / 28, 24h)), "2100-03-01T00:00:00.000Z");
}

TEST(FormatUtcMs, BeforeTheEpochFloorsTowardsThePast) {
    const auto t0 = system_clock::time_point{};
    EXPECT_EQ(format_utc_ms(t0 - 1ms), "1969-12-31T23:59:59.999Z");
    EXPECT_EQ(format_utc_ms(t0 - 1ns), "1969-12-31T23:59:59.999Z");
    EXPECT_EQ(format_utc_ms(t0 - 1000ms), "1969-12-31T23:59:59.000Z");
}

TEST(UtcMsFormatter, CacheFollowsTheSecondBackAndForth) {
    UtcMsFormatter f;
    const auto t = at(2026y / 11 / 29, 19h + 50min + 40s);
    EXPECT_EQ(f.format(t + 5ms), "2026-11-29T19:50:40.005Z");
    EXPECT_EQ(f.format(t + 1005ms), "2026-11-29T19:50:41.005Z");
    EXPECT_EQ(f.format(t + 6ms), "2026-11-29T19:50:40.006Z");
    EXPECT_EQ(f.format(t + 86'400'000ms), "2026-11-30T19:50:40.000Z");
    EXPECT_EQ(f.format(t - 1ms), "2026-11-29T19:50:39.999Z");
}

// The writer and the one reader (rundir) agree on every millisecond.
TEST(FormatUtcMs, RoundTripsThroughTheRunDirectoryReader) {
    for (const auto t :
         {system_clock::time_point{}, at(2026y / 11 / 29, 19h + 50min + 40s + 123ms),
          at(2024y / 2 / 29, 23h + 59min + 59s + 999ms), system_clock::time_point{} - 1001ms}) {
        const auto parsed = rundir::parse_utc_time(format_utc_ms(t));
        ASSERT_TRUE(parsed.has_value());
        EXPECT_EQ(*parsed, t);
    }
}

}  // namespace
}  // namespace wattbench::core::record
