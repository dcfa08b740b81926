#include "drivers/cem/codec.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "drivers/common/frame_assembler.hpp"

namespace wattbench::drivers::cem {
namespace {

using Bytes = std::vector<std::uint8_t>;

std::vector<Bytes> frames(const Bytes& stream) {
    common::FrameAssembler a;
    a.push(stream);
    std::vector<Bytes> out;
    const common::Scanner s = [](std::span<const std::uint8_t> b) { return scan_packet(b); };
    while (auto f = a.next(s)) {
        out.push_back(*f);
    }
    return out;
}

TEST(CemCodec, Bcd) {
    EXPECT_DOUBLE_EQ(*decode_bcd(0x05, 0x34), 53.4);
    EXPECT_DOUBLE_EQ(*decode_bcd(0x13, 0x00), 130.0);
    EXPECT_DOUBLE_EQ(*decode_bcd(0x00, 0x00), 0.0);
    EXPECT_FALSE(decode_bcd(0x0A, 0x00));
    EXPECT_FALSE(decode_bcd(0x05, 0x3F));
}

TEST(CemCodec, PayloadLengths) {
    EXPECT_EQ(payload_length(0x0D), 2u);
    EXPECT_EQ(payload_length(0x02), 0u);
    EXPECT_EQ(payload_length(0x03), 0u);
    EXPECT_EQ(payload_length(0x1B), 1u);
    EXPECT_EQ(payload_length(0x1C), 1u);
    EXPECT_EQ(payload_length(0x04), 0u);
    EXPECT_EQ(payload_length(0x05), 0u);
    EXPECT_EQ(payload_length(0x0E), 0u);
    EXPECT_EQ(payload_length(0x06), 3u);
    EXPECT_EQ(payload_length(0x0B), 1u);
    for (std::uint8_t t : {0x30, 0x40, 0x4B, 0x4C, 0x0A, 0x1A}) {
        EXPECT_EQ(payload_length(t), 0u) << int(t);
    }
    EXPECT_EQ(payload_length(0x55), std::nullopt);
}

TEST(CemCodec, StreamCutIntoPackets) {
    const Bytes stream{0xFF, 0x12, 0xA5, 0x02, 0xA5, 0x1B, 0x00, 0xA5, 0x40, 0xA5, 0x06,
                       0x12, 0x34, 0x56, 0xA5, 0x0D, 0x05, 0x34, 0xA5, 0x0B, 0x00};
    const auto f = frames(stream);
    ASSERT_EQ(f.size(), 6u);
    EXPECT_EQ(f[0], (Bytes{0xA5, 0x02}));
    EXPECT_EQ(f[1], (Bytes{0xA5, 0x1B, 0x00}));
    EXPECT_EQ(f[2], (Bytes{0xA5, 0x40}));
    EXPECT_EQ(f[3], (Bytes{0xA5, 0x06, 0x12, 0x34, 0x56}));
    EXPECT_EQ(f[4], (Bytes{0xA5, 0x0D, 0x05, 0x34}));
    EXPECT_EQ(f[5], (Bytes{0xA5, 0x0B, 0x00}));
}

TEST(CemCodec, IncompletePacketWaits) {
    EXPECT_EQ(scan_packet(Bytes{0xA5, 0x0D, 0x05}).length, 0u);
    EXPECT_EQ(scan_packet(Bytes{0xA5}).length, 0u);
    const auto s = scan_packet(Bytes{0x00, 0x01, 0xA5});
    EXPECT_EQ(s.skip, 2u);
    EXPECT_EQ(s.length, 0u);
}

TEST(CemCodec, UnknownTokenIsCutShortAndItsTailSkipped) {
    const auto f = frames(Bytes{0xA5, 0x77, 0x01, 0x02, 0xA5, 0x0D, 0x06, 0x00});
    ASSERT_EQ(f.size(), 2u);
    EXPECT_EQ(f[0], (Bytes{0xA5, 0x77}));
    EXPECT_EQ(f[1], (Bytes{0xA5, 0x0D, 0x06, 0x00}));
}

TEST(CemCodec, StateFollowsStatusTokens) {
    State s;
    auto apply = [&](const Bytes& f) { return apply_packet(s, f); };
    EXPECT_FALSE(std::get<std::optional<double>>(apply({0xA5, 0x03})));
    EXPECT_EQ(s.time, sound::TimeWeighting::slow);
    apply({0xA5, 0x02});
    EXPECT_EQ(s.time, sound::TimeWeighting::fast);
    apply({0xA5, 0x1C, 0x00});
    EXPECT_EQ(s.weighting, sound::Weighting::c);
    apply({0xA5, 0x1B, 0x00});
    EXPECT_EQ(s.weighting, sound::Weighting::a);
    apply({0xA5, 0x30});
    EXPECT_EQ(s.range->high, 80.0);
    apply({0xA5, 0x4B});
    EXPECT_EQ(s.range->low, 50.0);
    apply({0xA5, 0x4C});
    EXPECT_EQ(s.range->low, 80.0);
    apply({0xA5, 0x40});
    EXPECT_EQ(s.range->high, 130.0);
    apply({0xA5, 0x04});
    EXPECT_TRUE(s.hold);
    apply({0xA5, 0x0E});
    EXPECT_FALSE(s.hold);
    apply({0xA5, 0x07});
    EXPECT_TRUE(s.over);
    apply({0xA5, 0x11});
    EXPECT_FALSE(s.over);
    const auto level = std::get<std::optional<double>>(apply({0xA5, 0x0D, 0x05, 0x34}));
    ASSERT_TRUE(level);
    EXPECT_DOUBLE_EQ(*level, 53.4);
}

TEST(CemCodec, MalformedPackets) {
    State s;
    EXPECT_TRUE(
        std::holds_alternative<std::string>(apply_packet(s, Bytes{0xA5, 0x0D, 0x0A, 0x00})));
    EXPECT_TRUE(std::holds_alternative<std::string>(apply_packet(s, Bytes{0xA5, 0x0D, 0x05})));
    EXPECT_TRUE(std::holds_alternative<std::string>(apply_packet(s, Bytes{0x00, 0x0D})));
}

}  // namespace
}  // namespace wattbench::drivers::cem
