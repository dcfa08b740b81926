#include <gtest/gtest.h>

#include "drivers/eastron/codec.hpp"
#include "drivers/eastron/model.hpp"

namespace wattbench::drivers::eastron {
namespace {

using Bytes = std::vector<std::uint8_t>;

TEST(SdmCodec, VoltageRequestFromTheProtocolFacts) {
    EXPECT_EQ(read_request(1, 0x0000, 2), (Bytes{0x01, 0x04, 0x00, 0x00, 0x00, 0x02, 0x71, 0xCB}));
}

TEST(SdmCodec, RealMetersVoltageReply) {
    const Bytes reply{0x01, 0x04, 0x04, 0x43, 0x66, 0x33, 0x34, 0x1B, 0x38};
    auto s = scan_response(reply, 1, 2);
    EXPECT_EQ(s.skip, 0u);
    EXPECT_EQ(s.length, reply.size());
    auto v = decode_response(reply, 1, 2);
    ASSERT_TRUE(std::holds_alternative<std::vector<float>>(v));
    ASSERT_EQ(std::get<std::vector<float>>(v).size(), 1u);
    EXPECT_NEAR(std::get<std::vector<float>>(v)[0], 230.20001, 1e-4);
}

TEST(SdmCodec, EncodesTheNearestFloat) {
    EXPECT_EQ(encode_float(230.2f), (Bytes{0x43, 0x66, 0x33, 0x33}));
}

TEST(SdmCodec, ExceptionsAreNamed) {
    Bytes ex{0x01, 0x84, 0x02};
    // CRC of the three bytes, low byte first.
    std::uint16_t crc = 0xFFFF;
    for (auto b : ex) {
        crc ^= b;
        for (int i = 0; i < 8; ++i) {
            crc = (crc & 1) ? static_cast<std::uint16_t>((crc >> 1) ^ 0xA001)
                            : static_cast<std::uint16_t>(crc >> 1);
        }
    }
    ex.push_back(crc & 0xFF);
    ex.push_back(crc >> 8);
    auto s = scan_response(ex, 1, 2);
    EXPECT_EQ(s.length, 5u);
    auto v = decode_response(ex, 1, 2);
    ASSERT_TRUE(std::holds_alternative<std::string>(v));
    EXPECT_EQ(std::get<std::string>(v), "Modbus exception 2 (illegal data address)");
    EXPECT_STREQ(exception_text(4), "slave device failure");
}

TEST(SdmCodec, ScanSkipsNoiseAndWaitsForTheRest) {
    const Bytes reply{0x01, 0x04, 0x04, 0x43, 0x66, 0x33, 0x34, 0x1B, 0x38};
    Bytes noisy{0xFF, 0x01, 0x02, 0x01, 0x04, 0x04, 0x00};  // a false start, then noise
    noisy.insert(noisy.end(), reply.begin(), reply.end());
    auto s = scan_response(noisy, 1, 2);
    EXPECT_EQ(s.skip, 7u);
    EXPECT_EQ(s.length, reply.size());
    Bytes partial(reply.begin(), reply.begin() + 5);
    s = scan_response(partial, 1, 2);
    EXPECT_EQ(s.skip, 0u);
    EXPECT_EQ(s.length, 0u);
    Bytes other_address = reply;
    other_address[0] = 2;
    s = scan_response(other_address, 1, 2);
    EXPECT_EQ(s.length, 0u);
}

TEST(SdmCodec, CorruptFramesAreRejected) {
    Bytes reply{0x01, 0x04, 0x04, 0x43, 0x66, 0x33, 0x34, 0x1B, 0x38};
    reply[4] ^= 1;
    EXPECT_EQ(scan_response(reply, 1, 2).length, 0u);
    EXPECT_TRUE(std::holds_alternative<std::string>(decode_response(reply, 1, 2)));
    EXPECT_TRUE(std::holds_alternative<std::string>(decode_response(Bytes{}, 1, 2)));
}

TEST(SdmModel, BlocksCoverEveryField) {
    for (const char* name : {"sdm120", "sdm230", "sdm630"}) {
        auto m = find_model(name);
        ASSERT_TRUE(m) << name;
        for (const auto& f : m->fields) {
            bool covered = false;
            for (const auto& b : m->blocks) {
                covered = covered || (f.reg >= b.first && f.reg + 2 <= b.first + b.count);
            }
            EXPECT_TRUE(covered) << name << " register " << f.reg;
            EXPECT_LT(f.channel, m->channels.size());
        }
    }
    EXPECT_FALSE(find_model("sdm72"));
}

}  // namespace
}  // namespace wattbench::drivers::eastron
