#include "app/core/profile/closest_key.hpp"

#include <gtest/gtest.h>

#include <array>

namespace wattbench::core::profile {
namespace {

constexpr std::array<std::string_view, 4> keys{"name", "interval", "warmup", "window"};

TEST(ClosestKey, SuggestsWithinTwoEdits) {
    EXPECT_EQ(closest_key("windw", keys), "window");
    EXPECT_EQ(closest_key("wramup", keys), "warmup");  // a swap is one edit
    EXPECT_EQ(closest_key("intervall", keys), "interval");
    EXPECT_EQ(closest_key("nmae", keys), "name");
    EXPECT_EQ(closest_key("Name", keys), "name");
}

TEST(ClosestKey, StaysQuietWhenNothingIsClose) {
    EXPECT_EQ(closest_key("duration", keys), std::nullopt);
    EXPECT_EQ(closest_key("wnd", keys), std::nullopt);  // three edits from window
    EXPECT_EQ(closest_key("x", keys), std::nullopt);
    EXPECT_EQ(closest_key("", keys), std::nullopt);
}

}  // namespace
}  // namespace wattbench::core::profile
