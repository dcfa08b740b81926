#include "app/core/profile/printable.hpp"

#include <gtest/gtest.h>

#include <string>

#include "tests/app/core/profile/load_helpers.hpp"

namespace wattbench::core::profile {
namespace {

TEST(Printable, EscapesControlCharacters) {
    EXPECT_EQ(printable("a\nb\tc\rd\x01\x7f"), "a\\nb\\tc\\rd\\x01\\x7f");
    EXPECT_EQ(printable("plain ü"), "plain ü");
}

TEST(Printable, CutsLongTextWithoutSplittingCharacters) {
    EXPECT_EQ(printable("abcdef", 4), "abcd…");
    EXPECT_EQ(printable("abcdef", 6), "abcdef");
    EXPECT_EQ(printable("abü", 3), "ab…");  // ü is two bytes; half of it would be invalid UTF-8
}

TEST(Printable, LoaderMessagesStayOnOneLine) {
    EXPECT_EQ(testing::load_error("[run]\nname = \"t\"\nwarmup = \"5\\nm\"\n"),
              "test.toml:3:1: run.warmup: invalid duration '5\\nm' (use forms like 90s, 5m, "
              "1h30m, 250ms)");
    EXPECT_EQ(testing::load_error("[run]\nname = \"t\"\n\"a\\nb\" = 1\n"),
              "test.toml:3:10: run.a\\nb: unknown key 'a\\nb'");
}

}  // namespace
}  // namespace wattbench::core::profile
