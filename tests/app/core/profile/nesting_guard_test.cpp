#include "app/core/profile/nesting_guard.hpp"

#include <gtest/gtest.h>

#include <string>

#include "tests/app/core/profile/load_helpers.hpp"

namespace wattbench::core::profile {
namespace {

std::string nested_arrays(std::size_t depth) {
    return "a = " + std::string(depth, '[') + std::string(depth, ']') + "\n";
}

TEST(NestingGuard, AllowsWhatProfilesUse) {
    EXPECT_EQ(find_excessive_nesting(nested_arrays(3), 3, 3), std::nullopt);
    EXPECT_EQ(find_excessive_nesting("[a.b.c]\nx.y.z = {p.q.r = [[1]]}\n", 3, 3), std::nullopt);
    EXPECT_EQ(find_excessive_nesting("", 1, 1), std::nullopt);
}

TEST(NestingGuard, FindsTheFirstLevelTooDeep) {
    const auto excess = find_excessive_nesting("x = 1\nab = [[{c = [", 3, 8);
    ASSERT_TRUE(excess.has_value());
    EXPECT_EQ(excess->offset, 18u);
    EXPECT_EQ(excess->message, "arrays and inline tables nest more than 3 levels deep");
}

TEST(NestingGuard, FindsLongDottedKeysInEveryPlace) {
    for (const std::string text : {"a.b.c.d = 1\n", "[a.b.c.d]\n", "[[a.b.c.d]]\n",
                                   "x = {y = 1, a.b.c.d = 2}\n", "\"a\".'b'.c.d = 1\n"}) {
        const auto excess = find_excessive_nesting(text, 8, 3);
        ASSERT_TRUE(excess.has_value()) << text;
        EXPECT_EQ(excess->message, "a key has more than 3 dotted parts") << text;
    }
}

TEST(NestingGuard, BracketsAndDotsInStringsAndCommentsDoNotCount) {
    const std::string text =
        "a = \"[[[[.\\\"[[[[\"\n"
        "b = '[[[['  # [[[[ a.b.c.d\n"
        "c = \"\"\"\n[[[[\n\\\"\"\"[[\"\"\"\n"
        "d = '''[[[[''''\n"
        "e = \"\"\"x\"\"\"\"\"\n"
        "f = [1.5, 2.5, 3.5, 4.5, \"]]]]\"]\n"
        "\"g.h.i.j\" = 1\n";
    EXPECT_EQ(find_excessive_nesting(text, 2, 3), std::nullopt);
}

TEST(NestingGuard, QuotesClosingAMultiLineStringDoNotHideWhatFollows) {
    // toml11 reads """x"""" as the string x" followed by the array; so must the guard.
    const auto excess = find_excessive_nesting("a = [\"\"\"x\"\"\"\", [[[1]]]]\n", 3, 3);
    ASSERT_TRUE(excess.has_value());
    EXPECT_EQ(excess->offset, 17u);
}

TEST(NestingGuard, LoaderRefusesDeepNestingBeforeParsing) {
    EXPECT_EQ(testing::load_error("[run]\nname = \"t\"\nx = " + std::string(100000, '[')),
              "test.toml:3:37: arrays and inline tables nest more than 32 levels deep");
    EXPECT_EQ(testing::load_error("a" + std::string(100000, '.') + "\n"),
              "test.toml:1:33: a key has more than 32 dotted parts");
}

}  // namespace
}  // namespace wattbench::core::profile
