#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/core/rundir/events_reader.hpp"

namespace wattbench::core::rundir {
namespace {

std::vector<Event> events;
std::vector<std::string> messages;

ReadResult<EventsFileInfo> read(const std::string& text) {
    messages.clear();
    events.clear();
    return read_events_text(text, "run/events.log", [](const Event& e) {
        messages.emplace_back(e.message);
        events.push_back(e);
    });
}

TEST(EventsReader, ReadsTheLinesEventLogWrites) {
    const auto r = read(
        "2026-11-30T02:11:15.044Z INFO  run 'x' started\n"
        "2026-11-30T02:11:17.057Z WARN  phase 'idle': not idle\n"
        "2026-11-30T02:11:18.000Z ERROR disk full\n");
    ASSERT_TRUE(r.ok()) << r.error().text();
    EXPECT_EQ(r->events, 3u);
    EXPECT_FALSE(r->truncated);
    EXPECT_EQ(messages,
              (std::vector<std::string>{"run 'x' started", "phase 'idle': not idle", "disk full"}));
    EXPECT_EQ(events[1].level, EventLevel::warn);
    EXPECT_EQ(events[2].level, EventLevel::error);
    EXPECT_EQ(events[2].line, 3u);
    EXPECT_EQ(events[1].time_ms - events[0].time_ms, 2013);
}

TEST(EventsReader, CrlfAndBlankLines) {
    const auto r =
        read("2026-11-30T02:11:15.044Z INFO  a\r\n\r\n2026-11-30T02:11:15.044Z INFO  b\r\n");
    ASSERT_TRUE(r.ok()) << r.error().text();
    EXPECT_EQ(messages, (std::vector<std::string>{"a", "b"}));
    EXPECT_EQ(events[1].line, 3u);
}

TEST(EventsReader, CutOffLastLineIsReportedNotRead) {
    const auto r = read("2026-11-30T02:11:15.044Z INFO  a\n2026-11-30T02:11:15.0");
    ASSERT_TRUE(r.ok());
    EXPECT_TRUE(r->truncated);
    EXPECT_EQ(r->events, 1u);
}

TEST(EventsReader, MalformedLineNamesFileAndLine) {
    auto r = read("2026-11-30T02:11:15.044Z INFO  a\nhello\n");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().text(),
              "run/events.log:2: no time like 2026-11-29T19:50:40.123Z at the start");
    r = read("2026-11-30T02:11:15.044Z DEBUG a\n");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().text(), "run/events.log:1: no level INFO, WARN or ERROR after the time");
}

TEST(EventsReader, MissingFileIsNoEvents) {
    const auto r = read_events("/nonexistent/events.log", [](const Event&) {});
    ASSERT_TRUE(r.ok());
    EXPECT_TRUE(r->missing);
}

}  // namespace
}  // namespace wattbench::core::rundir
