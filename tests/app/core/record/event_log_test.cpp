#include "app/core/record/event_log.hpp"

#include <gtest/gtest.h>

#include <regex>
#include <sstream>
#include <thread>
#include <vector>

#include "tests/app/core/record/temp_dir.hpp"

namespace wattbench::core::record {
namespace {

using namespace std::chrono;
using namespace std::chrono_literals;
using testing::read_file;
using testing::TempDir;
using Level = EventLog::Level;

const system_clock::time_point kT =
    system_clock::time_point{sys_days{2026y / 11 / 29}} + 19h + 50min + 40s + 123ms;

TEST(EventLog, LineFormatPadsTheLevelToFive) {
    EXPECT_EQ(EventLog::format_line(kT, Level::info, "phase idle: window opened"),
              "2026-11-29T19:50:40.123Z INFO  phase idle: window opened\n");
    EXPECT_EQ(EventLog::format_line(kT, Level::warn, "bmc: timeout"),
              "2026-11-29T19:50:40.123Z WARN  bmc: timeout\n");
    EXPECT_EQ(EventLog::format_line(kT, Level::error, "wattmeter: link lost"),
              "2026-11-29T19:50:40.123Z ERROR wattmeter: link lost\n");
    EXPECT_EQ(EventLog::format_line(kT, Level::info, ""), "2026-11-29T19:50:40.123Z INFO  \n");
}

TEST(EventLog, LineBreaksInAMessageBecomeSpaces) {
    EXPECT_EQ(EventLog::format_line(kT, Level::warn, "first\nsecond\r\nthird\r"),
              "2026-11-29T19:50:40.123Z WARN  first second  third \n");
}

TEST(EventLog, EachLineIsInTheFileWhenWriteReturns) {
    TempDir dir;
    const auto path = dir.file("events.log");
    EventLog log(path);
    EXPECT_EQ(read_file(path), "");
    log.write(kT, Level::info, "run started");
    EXPECT_EQ(read_file(path), "2026-11-29T19:50:40.123Z INFO  run started\n");
    log.write(kT + 1s, Level::error, "a\nb");
    EXPECT_EQ(read_file(path),
              "2026-11-29T19:50:40.123Z INFO  run started\n"
              "2026-11-29T19:50:41.123Z ERROR a b\n");
    EXPECT_FALSE(log.error());
}

TEST(EventLog, ConcurrentWritersNeverInterleaveLines) {
    TempDir dir;
    const auto path = dir.file("events.log");
    constexpr int kThreads = 4;
    constexpr int kLines = 500;
    {
        EventLog log(path);
        std::vector<std::thread> threads;
        for (int t = 0; t < kThreads; ++t) {
            threads.emplace_back([&log, t] {
                for (int i = 0; i < kLines; ++i) {
                    log.write(kT + milliseconds(i), Level::warn,
                              "thread " + std::to_string(t) + " line " + std::to_string(i) +
                                  std::string(100, 'x'));
                }
            });
        }
        for (auto& th : threads) {
            th.join();
        }
    }
    std::istringstream in(read_file(path));
    const std::regex line_re(
        R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z WARN  thread \d line \d+x{100})");
    int count = 0;
    for (std::string line; std::getline(in, line); ++count) {
        EXPECT_TRUE(std::regex_match(line, line_re)) << line;
    }
    EXPECT_EQ(count, kThreads * kLines);
}

TEST(EventLog, ConstructorThrowsWhenTheFileCannotBeCreated) {
    TempDir dir;
    EXPECT_THROW(EventLog(dir.file("no/such/dir/events.log")), std::system_error);
}

}  // namespace
}  // namespace wattbench::core::record
