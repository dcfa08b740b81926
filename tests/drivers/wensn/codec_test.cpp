#include "drivers/wensn/codec.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace wattbench::drivers::wensn {
namespace {

using sound::TimeWeighting;
using sound::Weighting;
using Bytes = std::vector<std::uint8_t>;

TEST(WensnCodec, RequestsAreVendorControlTransfersIn) {
    EXPECT_EQ(usb::describe(read_level_request()), "C0 04 0000 0000 00C8");
    EXPECT_EQ(usb::describe(read_mode_request()), "C0 02 0000 0000 00C8");
}

TEST(WensnCodec, SetModePacksRangeWeightingSpeedAndMax) {
    // range | A/C<<3 | speed<<4 | max<<5
    EXPECT_EQ(set_mode_request({0, Weighting::a, TimeWeighting::fast, false}).value, 0x00);
    EXPECT_EQ(set_mode_request({6, Weighting::c, TimeWeighting::slow, false}).value, 0x1E);
    EXPECT_EQ(set_mode_request({2, Weighting::a, TimeWeighting::slow, true}).value, 0x32);
    EXPECT_EQ(usb::describe(set_mode_request({1, Weighting::c, TimeWeighting::fast, false})),
              "C0 03 0009 0000 00C8");
}

TEST(WensnCodec, LevelFromTwoBytes) {
    // (b0 + (b1 & 3)·256)·0.1 + 30: 0x1A + 1·256 = 282 → 58.2 dB; b1 = 0x01: range 0, A, fast.
    auto r = decode_level(Bytes{0x1A, 0x01});
    ASSERT_TRUE(std::holds_alternative<Level>(r));
    auto l = std::get<Level>(r);
    EXPECT_NEAR(l.db, 58.2, 1e-9);
    EXPECT_EQ(l.mode.range, 0);
    EXPECT_EQ(l.mode.weighting, Weighting::a);
    EXPECT_EQ(l.mode.time, TimeWeighting::fast);
    // b1 = 0x7A: bits 1:0 = 2, bits 4:2 = 6 (30–130), bit 5 C, bit 6 slow; (0 + 512)·0.1 + 30.
    l = std::get<Level>(decode_level(Bytes{0x00, 0x7A}));
    EXPECT_NEAR(l.db, 81.2, 1e-9);
    EXPECT_EQ(l.mode.range, 6);
    EXPECT_EQ(l.mode.weighting, Weighting::c);
    EXPECT_EQ(l.mode.time, TimeWeighting::slow);
    // Lowest and highest codes: 30.0 dB and (255 + 768)·0.1 + 30 = 132.3 dB.
    EXPECT_NEAR(std::get<Level>(decode_level(Bytes{0x00, 0x00})).db, 30.0, 1e-9);
    EXPECT_NEAR(std::get<Level>(decode_level(Bytes{0xFF, 0x03})).db, 132.3, 1e-9);
}

TEST(WensnCodec, ShortOrImpossibleAnswersAreErrors) {
    EXPECT_TRUE(std::holds_alternative<std::string>(decode_level(Bytes{0x1A})));
    EXPECT_TRUE(std::holds_alternative<std::string>(decode_level(Bytes{})));
    EXPECT_TRUE(std::holds_alternative<std::string>(decode_level(Bytes{0x00, 0x1C})));  // range 7
    EXPECT_TRUE(std::holds_alternative<std::string>(decode_mode(Bytes{})));
    EXPECT_TRUE(std::holds_alternative<std::string>(decode_mode(Bytes{0x07})));
}

TEST(WensnCodec, ModeByte) {
    const auto m = std::get<Mode>(decode_mode(Bytes{0x3B}));  // range 3, C, slow, max
    EXPECT_EQ(m.range, 3);
    EXPECT_EQ(m.weighting, Weighting::c);
    EXPECT_EQ(m.time, TimeWeighting::slow);
    EXPECT_TRUE(m.max_hold);
    EXPECT_EQ(set_mode_request(m).value, 0x3B);
}

TEST(WensnCodec, Ranges) {
    EXPECT_EQ(range_index("30-80"), 0);
    EXPECT_EQ(range_index("30-130"), 6);
    EXPECT_EQ(range_index("30-90"), std::nullopt);
    EXPECT_EQ(range_bounds(5).low, 80.0);
    EXPECT_EQ(range_bounds(5).high, 130.0);
}

}  // namespace
}  // namespace wattbench::drivers::wensn
