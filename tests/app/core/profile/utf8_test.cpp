#include "app/core/profile/utf8.hpp"

#include <gtest/gtest.h>

#include <string>

#include "app/core/profile/text_position.hpp"
#include "tests/app/core/profile/load_helpers.hpp"

namespace wattbench::core::profile {
namespace {

TEST(Utf8, AcceptsWellFormedText) {
    EXPECT_EQ(find_invalid_utf8(""), std::nullopt);
    EXPECT_EQ(find_invalid_utf8("name = \"Prüfstand … 🔌\"\n"), std::nullopt);
    EXPECT_EQ(find_invalid_utf8("\xef\xbf\xbf\xf4\x8f\xbf\xbf"), std::nullopt);  // U+FFFF, U+10FFFF
}

TEST(Utf8, FindsTheFirstBadByte) {
    EXPECT_EQ(find_invalid_utf8("ab\xff"), 2u);
    EXPECT_EQ(find_invalid_utf8("a\xc0\xafz"), 1u);        // overlong '/'
    EXPECT_EQ(find_invalid_utf8("\xed\xa0\x80"), 0u);      // surrogate
    EXPECT_EQ(find_invalid_utf8("\xf4\x90\x80\x80"), 0u);  // above U+10FFFF
    EXPECT_EQ(find_invalid_utf8("ok \xe2\x80"), 3u);       // cut short
    EXPECT_EQ(find_invalid_utf8("\xc3\xa9\x80"), 2u);      // stray continuation byte
}

TEST(TextPosition, CountsLinesAndColumnsFromOne) {
    const std::string text = "ab\ncd\n";
    EXPECT_EQ(location_in(text, 0, "f").line, 1u);
    EXPECT_EQ(location_in(text, 4, "f").line, 2u);
    EXPECT_EQ(location_in(text, 4, "f").column, 2u);
    EXPECT_EQ(location_in(text, 99, "f").line, 3u);
    EXPECT_EQ(location_in(text, 4, "f").file, "f");
}

TEST(Utf8, LoaderRefusesInvalidUtf8WithItsPosition) {
    EXPECT_EQ(testing::load_error("[run]\nname = 'caf\xe9'\n"),
              "test.toml:2:12: the file is not valid UTF-8");
}

}  // namespace
}  // namespace wattbench::core::profile
