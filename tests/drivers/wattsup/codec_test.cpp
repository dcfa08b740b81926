#include <gtest/gtest.h>

#include "drivers/wattsup/codec.hpp"

namespace wattbench::drivers::wattsup {
namespace {

std::vector<std::uint8_t> bytes(const std::string& s) {
    return {s.begin(), s.end()};
}

Packet packet(const std::string& s) {
    auto p = parse_packet(bytes(s));
    EXPECT_TRUE(std::holds_alternative<Packet>(p)) << s;
    return std::holds_alternative<Packet>(p) ? std::get<Packet>(p) : Packet{};
}

TEST(WattsupCodec, Requests) {
    EXPECT_EQ(version_request(), "#V,R,0;");
    EXPECT_EQ(logging_request(1), "#L,W,3,E,,1;");
    EXPECT_EQ(stop_request(), "#L,W,0;");
}

TEST(WattsupCodec, RecordFromTheProtocolDocument) {
    auto r = decode_record(packet("#d,-,18,0,1201,0,0,0,2,0,0,1202,0,0,1201,0,100,0,0,600,0;"));
    ASSERT_TRUE(std::holds_alternative<std::vector<api::Reading>>(r));
    const auto& v = std::get<std::vector<api::Reading>>(r);
    EXPECT_DOUBLE_EQ(v[voltage].value, 120.1);
    EXPECT_DOUBLE_EQ(v[power_factor].value, 1.0);
    EXPECT_DOUBLE_EQ(v[frequency].value, 60.0);
    EXPECT_DOUBLE_EQ(v[power].value, 0.0);
    for (std::size_t i = 0; i < channel_count; ++i) {
        EXPECT_EQ(v[i].channel, i);
        EXPECT_EQ(v[i].status, api::Status::ok);
    }
}

TEST(WattsupCodec, ScalingAndNoValue) {
    auto r = decode_record(
        packet("#d,-,18,875,2302,435,12,0,_,_,900,2310,440,870,2290,430,87,0,0,500,1001;"));
    const auto& v = std::get<std::vector<api::Reading>>(r);
    EXPECT_DOUBLE_EQ(v[power].value, 87.5);
    EXPECT_DOUBLE_EQ(v[current].value, 0.435);
    EXPECT_DOUBLE_EQ(v[energy].value, 1.2);
    EXPECT_DOUBLE_EQ(v[power_factor].value, 0.87);
    EXPECT_DOUBLE_EQ(v[apparent_power].value, 100.1);
    auto none = decode_record(packet("#d,-,18,_,1201,0,0,0,2,0,0,1202,0,0,1201,0,100,0,0,600,0;"));
    EXPECT_EQ(std::get<std::vector<api::Reading>>(none)[power].status, api::Status::unavailable);
}

TEST(WattsupCodec, CrLfTabInsideAPacketAreIgnored) {
    auto p = packet("#d,-,18,1,\r\n2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,\t17,18;");
    EXPECT_EQ(p.command, 'd');
    EXPECT_EQ(p.args.size(), 18u);
    EXPECT_EQ(p.args[1], "2");
}

TEST(WattsupCodec, MalformedPackets) {
    const char* bad[] = {"#d,-,18,1,2;", "#d,-,x;", "#;", "d,-,0;", "#dd,-,0;", "#d,-,-1;"};
    for (const char* b : bad) {
        EXPECT_TRUE(std::holds_alternative<std::string>(parse_packet(bytes(b)))) << b;
    }
    EXPECT_TRUE(std::holds_alternative<std::string>(decode_record(packet("#v,-,0;"))));
    EXPECT_TRUE(std::holds_alternative<std::string>(
        decode_record(packet("#d,-,18,x,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18;"))));
}

TEST(WattsupCodec, ScannerSkipsBannerAndTornPackets) {
    common::FrameAssembler a;
    a.push(bytes("Watts Up? PRO ready\r\n#d,-,1#v,-,0;\r\n#d,-,1,"));
    auto scan = [](std::span<const std::uint8_t> b) { return scan_packet(b); };
    auto f = a.next(scan);
    ASSERT_TRUE(f);
    EXPECT_EQ(std::string(f->begin(), f->end()), "#v,-,0;");
    EXPECT_FALSE(a.next(scan));
    a.push(bytes("5;"));
    f = a.next(scan);
    ASSERT_TRUE(f);
    EXPECT_EQ(std::string(f->begin(), f->end()), "#d,-,1,5;");
}

TEST(WattsupCodec, Version) {
    auto id = decode_version(packet("#v,-,8,1,2,3,4,5,6,20110908,0;"));
    ASSERT_TRUE(id);
    EXPECT_EQ(id->vendor, "Watts up?");
    EXPECT_EQ(id->firmware, "5.6 (20110908)");
    EXPECT_FALSE(decode_version(packet("#d,-,0;")));
}

}  // namespace
}  // namespace wattbench::drivers::wattsup
