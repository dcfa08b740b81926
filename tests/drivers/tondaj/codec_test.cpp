#include "drivers/tondaj/codec.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace wattbench::drivers::tondaj {
namespace {

using Bytes = std::vector<std::uint8_t>;

TEST(TondajCodec, Commands) {
    EXPECT_EQ(Bytes(kInitRequest.begin(), kInitRequest.end()), (Bytes{0x10, 0x04, 0x0D}));
    EXPECT_EQ(Bytes(kPollRequest.begin(), kPollRequest.end()), (Bytes{0x30, 0x00, 0x0D}));
}

TEST(TondajCodec, InitReply) {
    auto s = scan_init_reply(Bytes{0x05, 0x0D});
    EXPECT_EQ(s.skip, 0u);
    EXPECT_EQ(s.length, 2u);
    s = scan_init_reply(Bytes{0xFF, 0x01, 0x05, 0x0D});
    EXPECT_EQ(s.skip, 2u);
    EXPECT_EQ(s.length, 2u);
    s = scan_init_reply(Bytes{0xFF, 0x05});
    EXPECT_EQ(s.skip, 1u);
    EXPECT_EQ(s.length, 0u);
}

TEST(TondajCodec, ReplyDecodes) {
    // 0x02 0x1C: A (bit 7 clear), fast (bit 3 clear), (2 << 8 | 0x1C) = 540 → 54.0 dB.
    auto l = std::get<Level>(decode_reply(Bytes{0x02, 0x1C, 0x01, 0x0D}));
    EXPECT_DOUBLE_EQ(l.db, 54.0);
    EXPECT_EQ(l.weighting, sound::Weighting::a);
    EXPECT_EQ(l.time, sound::TimeWeighting::fast);
    // 0x8B 0x95: C, slow, (3 << 8 | 0x95) = 917 → 91.7 dB.
    l = std::get<Level>(decode_reply(Bytes{0x8B, 0x95, 0x01, 0x0D}));
    EXPECT_DOUBLE_EQ(l.db, 91.7);
    EXPECT_EQ(l.weighting, sound::Weighting::c);
    EXPECT_EQ(l.time, sound::TimeWeighting::slow);
    // Bits 6:4 are not part of the value: 0x77 0xFF → 7 << 8 | 255 = 2047 → 204.7 dB.
    EXPECT_DOUBLE_EQ(std::get<Level>(decode_reply(Bytes{0x77, 0xFF, 0x01, 0x0D})).db, 204.7);
}

TEST(TondajCodec, ReplyScanSkipsNoiseAndWaits) {
    auto s = scan_reply(Bytes{0x00, 0xFF, 0x02, 0x1C, 0x01, 0x0D});
    EXPECT_EQ(s.skip, 2u);
    EXPECT_EQ(s.length, 4u);
    s = scan_reply(Bytes{0x02, 0x1C, 0x01});
    EXPECT_EQ(s.length, 0u);
    EXPECT_EQ(s.skip, 0u);
    s = scan_reply(Bytes{0xEE, 0xEE, 0xEE, 0x02, 0x1C, 0x01});
    EXPECT_EQ(s.skip, 3u);
    EXPECT_EQ(s.length, 0u);
}

TEST(TondajCodec, BadReplies) {
    EXPECT_TRUE(std::holds_alternative<std::string>(decode_reply(Bytes{0x02, 0x1C, 0x02, 0x0D})));
    EXPECT_TRUE(std::holds_alternative<std::string>(decode_reply(Bytes{0x02, 0x1C, 0x01})));
}

}  // namespace
}  // namespace wattbench::drivers::tondaj
