#include "app/core/report/samples_scan.hpp"

#include <filesystem>
#include <fstream>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include "app/core/report/utc_time.hpp"
#include "app/core/report/window_states.hpp"

namespace wattbench::core::report {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kHeader =
    "time,elapsed_s,phase,stage,device,channel,value,unit,status\n";

// Seconds of 2026-11-29T00:00:00Z since the epoch.
double day_start() {
    return static_cast<double>(*parse_utc_ms("2026-11-29T00:00:00.000Z")) / 1000;
}

// A row at `ms` milliseconds into 2026-11-29.
std::string row(std::int64_t ms, std::string_view rest) {
    return fmt::format("2026-11-29T{:02}:{:02}:{:02}.{:03}Z,{:.3f},{}\n", ms / 3'600'000,
                       ms / 60'000 % 60, ms / 1000 % 60, ms % 1000, static_cast<double>(ms) / 1000,
                       rest);
}

SamplesScan scan_ok(std::string_view text, std::size_t max_buckets = 1200) {
    ScanOptions options;
    options.max_buckets = max_buckets;
    auto result = scan_samples_text(text, "RUN/samples.csv", options);
    if (const auto* error = std::get_if<std::string>(&result)) {
        ADD_FAILURE() << *error;
        return {};
    }
    return std::get<SamplesScan>(result);
}

std::string scan_error(std::string_view text) {
    auto result = scan_samples_text(text, "RUN/samples.csv");
    if (!std::holds_alternative<std::string>(result)) {
        ADD_FAILURE() << "no error for:\n" << text;
        return {};
    }
    return std::get<std::string>(result);
}

const WindowCounts* find_window(const SamplesScan& s, std::string_view phase,
                                std::string_view channel) {
    for (const auto& w : s.windows) {
        if (w.phase == phase && w.channel == channel) {
            return &w;
        }
    }
    return nullptr;
}

TEST(SamplesScan, BucketsHoldMinMaxMeanAndCount) {
    std::string text(kHeader);
    text += row(0, "idle,window,wm,power,10,W,ok");
    text += row(50, "idle,window,wm,power,30,W,ok");
    text += row(60, "idle,window,wm,voltage,230.5,V,ok");
    text += row(150, "idle,window,wm,power,20,W,ok");
    const auto s = scan_ok(text);
    EXPECT_EQ(s.rows, 4u);
    EXPECT_DOUBLE_EQ(s.first_time, day_start());
    EXPECT_NEAR(s.last_time, day_start() + 0.15, 1e-6);
    EXPECT_FALSE(s.truncated);
    ASSERT_EQ(s.series.size(), 2u);
    const auto& power = s.series[0];
    EXPECT_EQ(power.device, "wm");
    EXPECT_EQ(power.channel, "power");
    EXPECT_EQ(power.unit, "W");
    ASSERT_EQ(power.buckets.size(), 2u);
    EXPECT_DOUBLE_EQ(power.buckets[0].t0, day_start());
    EXPECT_NEAR(power.buckets[0].t1, day_start() + 0.1, 1e-6);
    EXPECT_DOUBLE_EQ(power.buckets[0].min, 10);
    EXPECT_DOUBLE_EQ(power.buckets[0].max, 30);
    EXPECT_DOUBLE_EQ(power.buckets[0].mean, 20);
    EXPECT_EQ(power.buckets[0].count, 2u);
    EXPECT_NEAR(power.buckets[1].t0, day_start() + 0.1, 1e-6);
    EXPECT_DOUBLE_EQ(power.buckets[1].mean, 20);
    EXPECT_EQ(power.buckets[1].count, 1u);
    EXPECT_EQ(s.series[1].channel, "voltage");
    ASSERT_EQ(s.series[1].buckets.size(), 1u);
    EXPECT_DOUBLE_EQ(s.series[1].buckets[0].mean, 230.5);
}

TEST(SamplesScan, GapsAndInvalidReadingsLeaveNoBucket) {
    std::string text(kHeader);
    text += row(0, ",between,wm,power,5,W,ok");
    text += row(100, ",between,wm,power,,W,error");
    text += row(200, ",between,wm,power,nan,W,ok");
    text += row(1000, ",between,wm,power,7,W,ok");
    const auto s = scan_ok(text);
    ASSERT_EQ(s.series.size(), 1u);
    const auto& b = s.series[0].buckets;
    ASSERT_EQ(b.size(), 2u);
    EXPECT_DOUBLE_EQ(b[0].t0, day_start());
    EXPECT_NEAR(b[1].t0, day_start() + 1.0, 1e-6);
    EXPECT_DOUBLE_EQ(b[1].mean, 7);
    EXPECT_TRUE(s.windows.empty());  // no window stage at all
}

TEST(SamplesScan, RowsSlightlyOutOfOrderGoBeforeTheFirstBucket) {
    std::string text(kHeader);
    text += row(1000, ",between,a,x,1,W,ok");
    text += row(800, ",between,b,y,2,W,ok");
    text += row(1000, ",between,b,y,3,W,ok");
    const auto s = scan_ok(text);
    EXPECT_NEAR(s.first_time, day_start() + 0.8, 1e-6);
    EXPECT_NEAR(s.last_time, day_start() + 1.0, 1e-6);
    ASSERT_EQ(s.series.size(), 2u);
    ASSERT_EQ(s.series[1].buckets.size(), 2u);
    EXPECT_NEAR(s.series[1].buckets[0].t0, day_start() + 0.8, 1e-6);
    EXPECT_NEAR(s.series[1].buckets[1].t0, day_start() + 1.0, 1e-6);
}

TEST(SamplesScan, WindowCountsSeparateInvalidAndOverrange) {
    std::string text(kHeader);
    text += row(0, "idle,warmup,wm,power,1,W,ok");  // warm-up: not counted
    text += row(100, "idle,window,wm,power,1,W,ok");
    text += row(200, "idle,window,wm,power,,W,error");
    text += row(300, "idle,window,wm,power,,W,unavailable");
    text += row(400, "idle,window,wm,power,,W,overrange");
    text += row(500, "idle,window,wm,current,0.1,A,ok");
    text += row(600, "idle,between,wm,power,1,W,ok");
    text += row(700, "cpu-1,window,wm,power,2,W,ok");
    text += row(800, "cpu-1,window,wm,power,2,W,ok");
    text += row(900, "idle,window,wm,power,1,W,ok");  // back to a phase seen before
    const auto s = scan_ok(text);
    ASSERT_EQ(s.windows.size(), 3u);
    EXPECT_EQ(s.windows[0].phase, "idle");
    EXPECT_EQ(s.windows[0].device, "wm");
    EXPECT_EQ(s.windows[0].channel, "power");
    EXPECT_EQ(s.windows[0].total, 5u);
    EXPECT_EQ(s.windows[0].invalid, 2u);
    EXPECT_EQ(s.windows[0].overrange, 1u);
    EXPECT_TRUE(s.windows[0].states.empty());
    EXPECT_EQ(s.windows[1].channel, "current");
    EXPECT_EQ(s.windows[1].total, 1u);
    EXPECT_EQ(s.windows[2].phase, "cpu-1");
    EXPECT_EQ(s.windows[2].total, 2u);
    EXPECT_EQ(s.windows[2].invalid, 0u);
}

TEST(SamplesScan, DiscreteStatesMatchWindowStates) {
    std::string text(kHeader);
    // Both read through rundir's samples reader, so a quoted state with a line break counts too.
    const std::array<std::string_view, 8> states{"Low", "High", "Low",        "\"a,b\"",
                                                 "Low", "High", "\"x\"\"y\"", "\"two\nlines\""};
    for (std::size_t i = 0; i < states.size(); ++i) {
        text += row(static_cast<std::int64_t>(i) * 100,
                    fmt::format("idle,window,meter,mode,{},state,ok", states[i]));
        text += row(static_cast<std::int64_t>(i) * 100 + 10, "idle,window,wm,power,5,W,ok");
    }
    text += row(800, "idle,window,meter,mode,,state,error");
    text += row(900, "idle,warmup,meter,mode,High,state,ok");
    text += row(1000, "cpu-1,window,meter,mode,High,state,ok");

    const fs::path dir =
        fs::temp_directory_path() / ("wattbench-scan-test-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    std::ofstream((dir / "samples.csv").string(), std::ios::binary) << text;
    std::vector<PhaseRow> rows(2);
    rows[0].phase = "idle";
    rows[1].phase = "cpu-1";
    for (auto& r : rows) {
        r.device = "meter";
        r.channel = "mode";
        r.unit = "state";
    }
    count_window_states((dir / "samples.csv").string(), rows);
    auto result = scan_samples(dir.string());
    fs::remove_all(dir);
    ASSERT_TRUE(std::holds_alternative<SamplesScan>(result)) << std::get<std::string>(result);
    const auto& s = std::get<SamplesScan>(result);

    const auto* idle = find_window(s, "idle", "mode");
    const auto* cpu = find_window(s, "cpu-1", "mode");
    ASSERT_NE(idle, nullptr);
    ASSERT_NE(cpu, nullptr);
    const std::vector<std::pair<std::string, std::uint64_t>> expected{
        {"Low", 3}, {"High", 2}, {"a,b", 1}, {"two\nlines", 1}, {"x\"y", 1}};
    EXPECT_EQ(idle->states, expected);
    EXPECT_EQ(idle->states, rows[0].states);
    EXPECT_EQ(cpu->states, rows[1].states);
    EXPECT_EQ(idle->total, 9u);
    EXPECT_EQ(idle->invalid, 1u);
    // A discrete channel has no numeric series.
    ASSERT_EQ(s.series.size(), 1u);
    EXPECT_EQ(s.series[0].channel, "power");
}

TEST(SamplesScan, QuotedFieldsAreUnescapedAndLinesCounted) {
    std::string text(kHeader);
    text += row(0, "\"phase, one\",window,\"dev \"\"A\"\"\",\"p,1\",12.5,W,ok");
    text += row(100, "\"phase, one\",window,meter,mode,\"line\nbreak\",state,ok");
    text += row(200, "\"phase, one\",window,\"dev \"\"A\"\"\",\"p,1\",x,W,ok");
    // The row with the line break takes lines 3 and 4, so the bad value is on line 5.
    EXPECT_EQ(scan_error(text), "RUN/samples.csv:5: column 'value': not a number 'x'");
    text.erase(text.rfind("2026"));
    const auto s = scan_ok(text);
    ASSERT_EQ(s.series.size(), 1u);
    EXPECT_EQ(s.series[0].device, "dev \"A\"");
    EXPECT_EQ(s.series[0].channel, "p,1");
    ASSERT_EQ(s.windows.size(), 2u);
    EXPECT_EQ(s.windows[0].phase, "phase, one");
    ASSERT_EQ(s.windows[1].states.size(), 1u);
    EXPECT_EQ(s.windows[1].states[0].first, "line\nbreak");
}

TEST(SamplesScan, CrlfLineEndsAreAccepted) {
    std::string text = "time,elapsed_s,phase,stage,device,channel,value,unit,status\r\n";
    std::string r = row(0, "idle,window,wm,power,3,W,ok");
    r.insert(r.size() - 1, "\r");
    text += r;
    std::string q = row(100, "idle,window,meter,mode,\"x\",state,ok");
    q.insert(q.size() - 1, "\r");
    text += q;
    const auto s = scan_ok(text);
    EXPECT_EQ(s.rows, 2u);
    ASSERT_EQ(s.windows.size(), 2u);
    EXPECT_EQ(s.windows[1].states[0].first, "x");
}

TEST(SamplesScan, CutOffLastLineSetsTruncatedAndKeepsTheRowsBefore) {
    std::string text(kHeader);
    text += row(0, "idle,window,wm,power,3,W,ok");
    text += row(100, "idle,window,wm,power,5,W,ok");
    const std::string cut = row(200, "idle,window,wm,power,700,W,ok");
    text += cut.substr(0, cut.size() / 2);
    const auto s = scan_ok(text);
    EXPECT_TRUE(s.truncated);
    EXPECT_EQ(s.rows, 2u);
    EXPECT_DOUBLE_EQ(s.series[0].buckets[1].max, 5);

    // Cut inside a quoted field: the same.
    std::string quoted(kHeader);
    quoted += row(0, "idle,window,wm,power,3,W,ok");
    quoted += "2026-11-29T00:00:00.200Z,0.200,idle,window,meter,mode,\"half";
    const auto q = scan_ok(quoted);
    EXPECT_TRUE(q.truncated);
    EXPECT_EQ(q.rows, 1u);

    // A header without rows, and a file that ends exactly after a row, are not cut off.
    EXPECT_FALSE(scan_ok(kHeader).truncated);
    EXPECT_FALSE(scan_ok(std::string(kHeader) + row(0, "idle,window,wm,power,3,W,ok")).truncated);
    EXPECT_EQ(scan_ok("").rows, 0u);
}

TEST(SamplesScan, MalformedRowsNameFileLineAndColumn) {
    const std::string h(kHeader);
    const std::string good = row(0, "idle,window,wm,power,3,W,ok");
    EXPECT_EQ(scan_error(h + good + row(100, "idle,window,wm,power,x1,W,ok")),
              "RUN/samples.csv:3: column 'value': not a number 'x1'");
    EXPECT_EQ(scan_error(h + good + row(100, "idle,window,wm,power,,W,ok")),
              "RUN/samples.csv:3: column 'value': not a number ''");
    EXPECT_EQ(scan_error(h + "2026-11-29 00:00:00,0.1,idle,window,wm,power,3,W,ok\n"),
              "RUN/samples.csv:2: column 'time': not a time like 2026-11-29T19:50:40.123Z "
              "'2026-11-29 00:00:00'");
    EXPECT_EQ(scan_error(h + "2026-11-29T25:00:00.000Z,0.1,idle,window,wm,power,3,W,ok\n"),
              "RUN/samples.csv:2: column 'time': not a time like 2026-11-29T19:50:40.123Z "
              "'2026-11-29T25:00:00.000Z'");
    EXPECT_EQ(scan_error(h + good + good + row(300, "idle,window,wm,power,3,W,fine")),
              "RUN/samples.csv:4: column 'status': not ok, overrange, unavailable or error "
              "'fine'");
    EXPECT_EQ(scan_error(h + row(0, "idle,cooldown,wm,power,3,W,ok")),
              "RUN/samples.csv:2: column 'stage': not warmup, window or between 'cooldown'");
    EXPECT_EQ(scan_error(h + "2026-11-29T00:00:00.000Z,abc,idle,window,wm,power,3,W,ok\n"),
              "RUN/samples.csv:2: column 'elapsed_s': not a number 'abc'");
    EXPECT_EQ(scan_error(h + row(0, "idle,window,wm,power,3,W")),
              "RUN/samples.csv:2: 8 columns, expected 9");
    EXPECT_EQ(scan_error(h + row(0, "idle,window,wm,power,3,W,ok,extra")),
              "RUN/samples.csv:2: 10 columns, expected 9");
    EXPECT_EQ(scan_error(h + row(0, "idle,window,wm,\"power\",3,W")),
              "RUN/samples.csv:2: 8 columns, expected 9");
    EXPECT_EQ(scan_error(h + row(0, "idle,window,wm,\"power\",3,W,ok,extra")),
              "RUN/samples.csv:2: more than 9 columns");
    EXPECT_EQ(scan_error(h + row(0, "idle,window,wm,\"pow\"er,3,W,ok")),
              "RUN/samples.csv:2: column 'channel': text after a closing quote");
    EXPECT_EQ(scan_error("time,value\n"),
              "RUN/samples.csv:1: not a samples.csv header: 'time,value'");
}

TEST(SamplesScan, BucketCountStaysBoundedOnALongRun) {
    // Two hours at 1 Hz for two channels; 100 buckets at most.
    std::string text(kHeader);
    const std::int64_t seconds = 2 * 3600;
    double sum = 0;
    for (std::int64_t i = 0; i < seconds; ++i) {
        const double v = 100.0 + static_cast<double>(i % 17);
        sum += v;
        text += row(i * 1000, fmt::format("idle,window,wm,power,{},W,ok", v));
        text += row(i * 1000 + 5, "idle,window,wm,voltage,230,V,ok");
    }
    const auto s = scan_ok(text, 100);
    EXPECT_EQ(s.rows, static_cast<std::uint64_t>(2 * seconds));
    ASSERT_EQ(s.series.size(), 2u);
    for (const auto& series : s.series) {
        EXPECT_LE(series.buckets.size(), 100u);
        EXPECT_GE(series.buckets.size(), 50u);
        std::uint64_t count = 0;
        for (std::size_t i = 0; i < series.buckets.size(); ++i) {
            count += series.buckets[i].count;
            if (i > 0) {
                EXPECT_DOUBLE_EQ(series.buckets[i].t0, series.buckets[i - 1].t1);
            }
        }
        EXPECT_EQ(count, static_cast<std::uint64_t>(seconds));
    }
    double weighted = 0;
    double lo = 1e9;
    double hi = -1e9;
    for (const auto& b : s.series[0].buckets) {
        weighted += b.mean * b.count;
        lo = std::min(lo, b.min);
        hi = std::max(hi, b.max);
    }
    EXPECT_NEAR(weighted, sum, 1e-6);
    EXPECT_DOUBLE_EQ(lo, 100);
    EXPECT_DOUBLE_EQ(hi, 116);
    const auto& b = s.series[0].buckets;
    // Widths double from 0.1 s: 51.2 s would need 141 buckets for 2 h, 102.4 s needs 71.
    EXPECT_NEAR(b[0].t1 - b[0].t0, 102.4, 1e-6);
    EXPECT_DOUBLE_EQ(b.front().t0, day_start());
}

TEST(SamplesScan, ASingleBucketIsAllowed) {
    std::string text(kHeader);
    for (int i = 0; i < 50; ++i) {
        text += row(i * 1000, fmt::format(",between,wm,power,{},W,ok", i));
    }
    const auto s = scan_ok(text, 1);
    ASSERT_EQ(s.series[0].buckets.size(), 1u);
    EXPECT_EQ(s.series[0].buckets[0].count, 50u);
    EXPECT_DOUBLE_EQ(s.series[0].buckets[0].mean, 24.5);
}

TEST(SamplesScan, RowsAcrossMidnightUseTheNewDate) {
    std::string text(kHeader);
    text += "2026-11-29T23:59:59.900Z,0.000,,between,wm,power,1,W,ok\n";
    text += "2026-11-30T00:00:00.000Z,0.100,,between,wm,power,2,W,ok\n";
    text += "2026-11-30T00:00:00.100Z,0.200,,between,wm,power,3,W,ok\n";
    const auto s = scan_ok(text);
    EXPECT_NEAR(s.last_time - s.first_time, 0.2, 1e-6);
    ASSERT_EQ(s.series[0].buckets.size(), 3u);
    EXPECT_NEAR(s.series[0].buckets[2].t0 - s.first_time, 0.2, 1e-6);
}

TEST(SamplesScan, FileReadInPiecesGivesTheSameScanAsText) {
    // Over a megabyte, so rows (and a quoted row with a line break) straddle the read buffer.
    std::string text(kHeader);
    std::int64_t ms = 0;
    while (text.size() < 3'500'000) {
        text += row(ms, fmt::format("idle,window,wm,power,{},W,ok", ms % 1000));
        text += row(ms + 1, "idle,window,\"m,1\",mode,\"a\nb \"\"q\"\"\",state,ok");
        ms += 100;
    }
    text += "2026-11-29T";
    const fs::path dir =
        fs::temp_directory_path() / ("wattbench-scan-big-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    std::ofstream((dir / "samples.csv").string(), std::ios::binary) << text;
    auto from_file = scan_samples(dir.string());
    fs::remove_all(dir);
    ASSERT_TRUE(std::holds_alternative<SamplesScan>(from_file)) << std::get<std::string>(from_file);
    const auto& a = std::get<SamplesScan>(from_file);
    const auto b = scan_ok(text);
    EXPECT_TRUE(a.truncated);
    EXPECT_EQ(a.rows, b.rows);
    EXPECT_EQ(a.rows, static_cast<std::uint64_t>(ms / 100 * 2));
    ASSERT_EQ(a.windows.size(), 2u);
    ASSERT_EQ(a.windows[1].states.size(), 1u);
    EXPECT_EQ(a.windows[1].states[0].first, "a\nb \"q\"");
    EXPECT_EQ(a.windows[1].states[0].second, static_cast<std::uint64_t>(ms / 100));
    ASSERT_EQ(a.series.size(), 1u);
    ASSERT_EQ(a.series[0].buckets.size(), b.series[0].buckets.size());
    for (std::size_t i = 0; i < a.series[0].buckets.size(); ++i) {
        EXPECT_EQ(a.series[0].buckets[i].count, b.series[0].buckets[i].count);
        EXPECT_DOUBLE_EQ(a.series[0].buckets[i].mean, b.series[0].buckets[i].mean);
    }
}

TEST(SamplesScan, MalformedRowDeepInAFileNamesItsLine) {
    std::string text(kHeader);
    for (int i = 0; i < 30'000; ++i) {
        text += row(i * 100, "idle,window,wm,power,1,W,ok");
    }
    text += row(3'000'000, "idle,window,wm,power,1..2,W,ok");
    const fs::path dir =
        fs::temp_directory_path() / ("wattbench-scan-bad-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    std::ofstream((dir / "samples.csv").string(), std::ios::binary) << text;
    auto result = scan_samples(dir.string());
    fs::remove_all(dir);
    ASSERT_TRUE(std::holds_alternative<std::string>(result));
    EXPECT_EQ(std::get<std::string>(result),
              (dir / "samples.csv").string() + ":30002: column 'value': not a number '1..2'");
}

TEST(SamplesScan, MissingFileIsAnEmptyScan) {
    auto result = scan_samples("/nonexistent/wattbench-run");
    ASSERT_TRUE(std::holds_alternative<SamplesScan>(result));
    const auto& s = std::get<SamplesScan>(result);
    EXPECT_EQ(s.rows, 0u);
    EXPECT_TRUE(s.series.empty());
    EXPECT_DOUBLE_EQ(s.first_time, 0.0);
}

}  // namespace
}  // namespace wattbench::core::report
