#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "drivers/common/byte_reader.hpp"
#include "drivers/common/crc16_modbus.hpp"
#include "drivers/common/frame_assembler.hpp"

namespace wattbench::drivers::common {
namespace {

std::vector<std::uint8_t> bytes(const std::string& s) {
    return {s.begin(), s.end()};
}

TEST(Crc16Modbus, CheckValue) {
    EXPECT_EQ(crc16_modbus(bytes("123456789")), 0x4B37);
}

TEST(Crc16Modbus, VoltageRequestFromTheProtocolFacts) {
    const std::vector<std::uint8_t> req{0x01, 0x04, 0x00, 0x00, 0x00, 0x02};
    const auto crc = crc16_modbus(req);
    EXPECT_EQ(crc & 0xFF, 0x71);
    EXPECT_EQ(crc >> 8, 0xCB);
}

TEST(Crc16Modbus, EmptyIsInit) {
    EXPECT_EQ(crc16_modbus({}), 0xFFFF);
}

TEST(ByteReader, BigEndianFieldsAndBounds) {
    const std::vector<std::uint8_t> b{0x43, 0x66, 0x33, 0x33, 0x01, 0x02, 0x03};
    ByteReader r(b);
    EXPECT_FLOAT_EQ(*r.be_f32(), 230.2f);
    EXPECT_EQ(*r.be_u24(), 0x010203u);
    EXPECT_EQ(r.remaining(), 0u);
    EXPECT_FALSE(r.u8());
    ByteReader short_one(std::span<const std::uint8_t>(b.data(), 1));
    EXPECT_FALSE(short_one.be_u16());
    EXPECT_EQ(*short_one.u8(), 0x43);
}

TEST(FrameAssembler, LinesAcrossChunksAndCrLf) {
    FrameAssembler a;
    a.push(bytes("2.30E+02,1.0"));
    EXPECT_FALSE(a.next_line());
    a.push(bytes("0E+00\r\nNEXT\n"));
    EXPECT_EQ(*a.next_line(), "2.30E+02,1.00E+00");
    EXPECT_EQ(*a.next_line(), "NEXT");
    EXPECT_FALSE(a.next_line());
    EXPECT_EQ(a.buffered(), 0u);
}

TEST(FrameAssembler, ScannerSkipsNoiseAndWaitsForCompleteFrames) {
    // Frames are '#' + 3 bytes.
    Scanner scan = [](std::span<const std::uint8_t> v) {
        std::size_t i = 0;
        while (i < v.size() && v[i] != '#') {
            ++i;
        }
        return Scan{i, v.size() - i >= 4 ? std::size_t{4} : std::size_t{0}};
    };
    FrameAssembler a;
    a.push(bytes("xx#ab"));
    EXPECT_FALSE(a.next(scan));
    EXPECT_EQ(a.discarded(), 2u);
    a.push(bytes("c#de"));
    EXPECT_EQ(*a.next(scan), bytes("#abc"));
    EXPECT_FALSE(a.next(scan));
    a.push(bytes("f"));
    EXPECT_EQ(*a.next(scan), bytes("#def"));
}

TEST(FrameAssembler, GarbageWithoutTerminatorIsCapped) {
    FrameAssembler a(64);
    for (int i = 0; i < 100; ++i) {
        a.push(bytes("garbage-without-newline"));
        EXPECT_LE(a.buffered(), 64u);
    }
    EXPECT_GT(a.discarded(), 0u);
    a.push(bytes("\nOK\n"));
    a.next_line();  // the tail of the garbage
    EXPECT_EQ(*a.next_line(), "OK");
}

}  // namespace
}  // namespace wattbench::drivers::common
