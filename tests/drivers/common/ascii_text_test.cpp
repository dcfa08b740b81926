#include "drivers/common/ascii_text.hpp"

#include <gtest/gtest.h>

namespace wattbench::drivers::common {
namespace {

TEST(AsciiText, TrimDropsSpacesTabsCrAndLf) {
    EXPECT_EQ(trim(" \t 230.1 V\r\n"), "230.1 V");
    EXPECT_EQ(trim(" \r\n"), "");
}

TEST(AsciiText, SplitTrimsEachFieldAndKeepsEmptyOnes) {
    const auto f = split(" URMS , IRMS,,P\r", ',');
    ASSERT_EQ(f.size(), 4u);
    EXPECT_EQ(f[0], "URMS");
    EXPECT_EQ(f[1], "IRMS");
    EXPECT_EQ(f[2], "");
    EXPECT_EQ(f[3], "P");
    EXPECT_EQ(split("", ',').size(), 1u);
}

TEST(AsciiText, CaseIsFoldedForAsciiLettersOnly) {
    EXPECT_EQ(upper("hmc8015, fw 1.4"), "HMC8015, FW 1.4");
    EXPECT_EQ(upper("\xC3\xA9"), "\xC3\xA9");
    EXPECT_TRUE(iequals("Watts", "WATTS"));
    EXPECT_FALSE(iequals("Watts", "Watt"));
    EXPECT_TRUE(istarts_with("version=1.10.2", "VERSION="));
    EXPECT_FALSE(istarts_with("ver", "version"));
}

}  // namespace
}  // namespace wattbench::drivers::common
