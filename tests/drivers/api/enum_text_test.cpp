#include "drivers/api/enum_text.hpp"

#include <gtest/gtest.h>

namespace wattbench::drivers::api {
namespace {

enum class Colour { red, green, blue };

constexpr EnumTexts<Colour, 2> kColours{{
    {Colour::red, "red"},
    {Colour::green, "light green"},
}};

TEST(EnumText, TextOfFindsEachValue) {
    EXPECT_EQ(text_of(kColours, Colour::red, "?"), "red");
    EXPECT_EQ(text_of(kColours, Colour::green, "?"), "light green");
}

TEST(EnumText, TextOfAValueOutsideTheTableIsTheFallback) {
    EXPECT_EQ(text_of(kColours, Colour::blue, "none"), "none");
    EXPECT_EQ(text_of(kColours, static_cast<Colour>(42), "none"), "none");
}

TEST(EnumText, ParseIsTheInverseOfTextOf) {
    for (const auto& entry : kColours) {
        EXPECT_EQ(parse(kColours, text_of(kColours, entry.value, "")), entry.value);
    }
}

TEST(EnumText, ParseIsExactAndCaseSensitive) {
    EXPECT_EQ(parse(kColours, "red"), Colour::red);
    EXPECT_EQ(parse(kColours, "Red"), std::nullopt);
    EXPECT_EQ(parse(kColours, "red "), std::nullopt);
    EXPECT_EQ(parse(kColours, "light"), std::nullopt);
    EXPECT_EQ(parse(kColours, ""), std::nullopt);
}

TEST(EnumText, WorksAtCompileTime) {
    static_assert(text_of(kColours, Colour::green, "") == "light green");
    static_assert(parse(kColours, "red") == Colour::red);
    static_assert(!parse(kColours, "blue"));
}

TEST(EnumText, TextsAreNulTerminatedLiterals) {
    EXPECT_STREQ(text_of(kColours, Colour::green, "").data(), "light green");
}

}  // namespace
}  // namespace wattbench::drivers::api
