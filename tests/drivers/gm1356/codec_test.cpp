#include "drivers/gm1356/codec.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace wattbench::drivers::gm1356 {
namespace {

using sound::TimeWeighting;
using sound::Weighting;
using Bytes = std::vector<std::uint8_t>;

TEST(Gm1356Codec, LevelRequestCarriesThreeFreeBytes) {
    EXPECT_EQ(level_request(0x11, 0x22, 0x33), (Report{0xB3, 0x11, 0x22, 0x33, 0, 0, 0, 0}));
}

TEST(Gm1356Codec, ConfigureRequest) {
    Settings s;  // A, fast, 30–130
    EXPECT_EQ(configure_request(s), (Report{0x56, 0x40, 0, 0, 0, 0, 0, 0}));
    s.weighting = Weighting::c;
    s.time = TimeWeighting::slow;
    s.range = 3;
    EXPECT_EQ(configure_request(s), (Report{0x56, 0x13, 0, 0, 0, 0, 0, 0}));
    s.max_hold = true;
    s.time = TimeWeighting::fast;
    EXPECT_EQ(flags_byte(s), 0x73);
}

TEST(Gm1356Codec, AcknowledgementStartsWithC4) {
    EXPECT_TRUE(is_configure_ack(Bytes{0xC4, 0x40, 0, 0, 0, 0, 0, 0}));
    EXPECT_FALSE(is_configure_ack(Bytes{0x02, 0x1C, 0x40, 0, 0, 0, 0, 0}));
    EXPECT_FALSE(is_configure_ack(Bytes{}));
}

TEST(Gm1356Codec, LevelIsBigEndianTenths) {
    // 0x021C = 540 → 54.0 dB; flags 0x40: fast, A, range 0 (30–130).
    auto l = std::get<Level>(decode_level(Bytes{0x02, 0x1C, 0x40, 0, 0, 0, 0, 0}));
    EXPECT_DOUBLE_EQ(l.db, 54.0);
    EXPECT_EQ(l.settings.time, TimeWeighting::fast);
    EXPECT_EQ(l.settings.weighting, Weighting::a);
    EXPECT_FALSE(l.settings.max_hold);
    EXPECT_EQ(l.settings.range, 0);
    // 0x0395 = 917 → 91.7 dB; flags 0x34: slow, max hold, dBC, range 4 (80–130).
    l = std::get<Level>(decode_level(Bytes{0x03, 0x95, 0x34, 0, 0, 0, 0, 0}));
    EXPECT_DOUBLE_EQ(l.db, 91.7);
    EXPECT_EQ(l.settings.time, TimeWeighting::slow);
    EXPECT_TRUE(l.settings.max_hold);
    EXPECT_EQ(l.settings.weighting, Weighting::c);
    EXPECT_EQ(l.settings.range, 4);
}

TEST(Gm1356Codec, NotALevel) {
    EXPECT_TRUE(std::holds_alternative<std::string>(decode_level(Bytes{0x02, 0x1C})));
    EXPECT_TRUE(std::holds_alternative<std::string>(decode_level(Bytes{0xC4, 0x40, 0x00})));
    EXPECT_TRUE(std::holds_alternative<std::string>(decode_level(Bytes{0x7F, 0xFF, 0x40})));
}

TEST(Gm1356Codec, Ranges) {
    EXPECT_EQ(range_bounds(0)->low, 30.0);
    EXPECT_EQ(range_bounds(2)->high, 100.0);
    EXPECT_EQ(range_bounds(3)->low, 60.0);
    EXPECT_EQ(range_bounds(4)->high, 130.0);
    EXPECT_FALSE(range_bounds(1));
    EXPECT_EQ(range_code("50-100"), 2);
    EXPECT_EQ(range_code("30-80"), std::nullopt);
}

}  // namespace
}  // namespace wattbench::drivers::gm1356
