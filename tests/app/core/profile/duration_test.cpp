#include "app/core/profile/duration.hpp"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace wattbench::core::profile {
namespace {

using namespace std::chrono_literals;

TEST(ParseDuration, AcceptsTheDocumentedForms) {
    const std::vector<std::pair<std::string, std::chrono::nanoseconds>> cases = {
        {"90s", 90s},
        {"5m", 5min},
        {"1h30m", 90min},
        {"250ms", 250ms},
        {"1.5s", 1500ms},
        {"2h", 2h},
        {"0s", 0s},
        {"1h2m3s4ms", 1h + 2min + 3s + 4ms},
        {"1m30s", 90s},
        {"0.5h", 30min},
        {"1.5ms", 1500us},
        {"0.000001ms", 1ns},
        {"1.000000001s", 1s + 1ns},
        {"007s", 7s},
        {"8760h", 8760h},
        {"1h90m", 150min},
    };
    for (const auto& [text, expected] : cases) {
        const auto parsed = parse_duration(text);
        ASSERT_TRUE(parsed.has_value()) << text;
        EXPECT_EQ(*parsed, expected) << text;
    }
}

TEST(ParseDuration, RejectsEverythingElse) {
    const std::vector<std::string> cases = {
        // no number or no unit
        "", "s", "ms", "m5", "5", "1.5",
        // spaces, signs, other spellings
        "5 min", " 5s", "5s ", "1h 30m", "-5s", "+5s", "5S", "5sec", "5min", "5d", "1us", "1ns",
        // malformed numbers
        "1.s", ".5s", "1..5s", "1e3s", "1,5s",
        // units out of order or repeated
        "1m1h", "1s1s", "1ms1s",
        // more than a year, or finer than a nanosecond
        "8761h", "8760h1ms", "99999999999999999999s", "1.0000000001s", "0.000000000001h"};
    for (const auto& text : cases) {
        EXPECT_FALSE(parse_duration(text).has_value()) << "'" << text << "'";
    }
}

TEST(FormatDuration, GivesTheCanonicalShortForm) {
    EXPECT_EQ(format_duration(90min), "1h30m");
    EXPECT_EQ(format_duration(90s), "1m30s");
    EXPECT_EQ(format_duration(250ms), "250ms");
    EXPECT_EQ(format_duration(1500ms), "1s500ms");
    EXPECT_EQ(format_duration(0s), "0s");
    EXPECT_EQ(format_duration(2h), "2h");
    EXPECT_EQ(format_duration(1h + 1ms), "1h1ms");
    EXPECT_EQ(format_duration(1500us), "1.5ms");
    EXPECT_EQ(format_duration(1ns), "0.000001ms");
    EXPECT_EQ(format_duration(-90s), "-1m30s");
}

TEST(FormatDuration, RoundTripsThroughParse) {
    const std::vector<std::chrono::nanoseconds> values = {
        0s, 1ns, 999us, 1ms, 10ms, 1s, 59s, 61s, 1h, 25h + 1ns, 8760h, 3h + 7min + 9s + 11ms + 13ns,
    };
    for (const auto d : values) {
        const std::string text = format_duration(d);
        const auto back = parse_duration(text);
        ASSERT_TRUE(back.has_value()) << text;
        EXPECT_EQ(*back, d) << text;
    }
    for (const std::string text : {"90s", "1h90m", "1.5s", "0.25h", "120m"}) {
        const auto d = parse_duration(text);
        ASSERT_TRUE(d.has_value()) << text;
        EXPECT_EQ(parse_duration(format_duration(*d)), d) << text;
    }
}

}  // namespace
}  // namespace wattbench::core::profile
