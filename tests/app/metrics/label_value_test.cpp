#include "app/metrics/label_value.hpp"

#include <gtest/gtest.h>

namespace wattbench::metrics {
namespace {

std::string escaped(std::string_view v) {
    std::string out;
    append_label_value(out, v);
    return out;
}

TEST(LabelValue, EscapesBackslashQuoteAndLineFeed) {
    EXPECT_EQ(escaped("a\\b\"c\nd"), "a\\\\b\\\"c\\nd");
}

TEST(LabelValue, KeepsUtf8) {
    EXPECT_EQ(escaped("Temp \xC2\xB0"
                      "C \xE2\x82\xAC"),
              "Temp \xC2\xB0"
              "C \xE2\x82\xAC");
}

TEST(LabelValue, ReplacesBytesThatAreNotUtf8) {
    // Latin-1 degree sign, a lone continuation byte, an overlong '/', a truncated sequence.
    EXPECT_EQ(escaped("\xB0"
                      "C"),
              "\xEF\xBF\xBD"
              "C");
    EXPECT_EQ(escaped(std::string_view("\x80", 1)), "\xEF\xBF\xBD");
    EXPECT_EQ(escaped("\xC0\xAF"), "\xEF\xBF\xBD\xEF\xBF\xBD");
    EXPECT_EQ(escaped("x\xE2\x82"), "x\xEF\xBF\xBD\xEF\xBF\xBD");
    EXPECT_EQ(escaped("\xED\xA0\x80"), "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");  // a surrogate
}

TEST(LabelValue, KeepsOtherControlCharactersAndNul) {
    EXPECT_EQ(escaped(std::string_view("a\tb\0c", 5)), std::string("a\tb\0c", 5));
}

}  // namespace
}  // namespace wattbench::metrics
