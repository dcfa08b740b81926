#include "app/core/load/cpu_list.hpp"

#include <gtest/gtest.h>

namespace wattbench::core::load {
namespace {

TEST(CpuList, ParsesRangesAndSingles) {
    EXPECT_EQ(parse_cpu_list("0-3,8,10-11\n"), (std::vector<int>{0, 1, 2, 3, 8, 10, 11}));
    EXPECT_EQ(parse_cpu_list("5"), (std::vector<int>{5}));
    EXPECT_EQ(parse_cpu_list(""), (std::vector<int>{}));
}

TEST(CpuList, RejectsMalformedText) {
    EXPECT_FALSE(parse_cpu_list("3-1"));
    EXPECT_FALSE(parse_cpu_list("a"));
    EXPECT_FALSE(parse_cpu_list("1,,2"));
    EXPECT_FALSE(parse_cpu_list("0-99999999"));
}

}  // namespace
}  // namespace wattbench::core::load
