#include <gtest/gtest.h>

#include "drivers/tasmota/energy_parse.hpp"

namespace wattbench::drivers::tasmota {
namespace {

using namespace common;

// network-meters.md §2.3: docs/devices/Sonoff-Pow-R2.md.
const char* kPowR2 =
    R"({"StatusSNS":{"Time":"2018-11-15T08:54:18","ENERGY":{"TotalStartTime":"2018-11-14T18:39:40","Total":6.404,"Yesterday":5.340,"Today":1.064,"Power":2629,"ApparentPower":2645,"ReactivePower":288,"Factor":0.99,"Voltage":226,"Current":11.677}}})";

TEST(TasmotaEnergy, PowR2StatusEight) {
    auto got = parse_energy(kPowR2, 0);
    ASSERT_TRUE(std::holds_alternative<http::PlugValues>(got)) << std::get<std::string>(got);
    const auto& v = std::get<http::PlugValues>(got).value;
    EXPECT_DOUBLE_EQ(*v[power], 2629);
    EXPECT_DOUBLE_EQ(*v[apparent_power], 2645);
    EXPECT_DOUBLE_EQ(*v[power_factor], 0.99);
    EXPECT_DOUBLE_EQ(*v[voltage], 226);
    EXPECT_DOUBLE_EQ(*v[current], 11.677);
    EXPECT_DOUBLE_EQ(*v[energy], 6404);
    EXPECT_FALSE(v[frequency]);
}

TEST(TasmotaEnergy, ArraysOfMultiChannelDevices) {
    const char* two =
        R"({"StatusSNS":{"ENERGY":{"Total":[1.5,0.25],"Power":[120,30],"Voltage":230,"Current":[1.320,2.100],"Frequency":50}}})";
    auto second = std::get<http::PlugValues>(parse_energy(two, 1)).value;
    EXPECT_DOUBLE_EQ(*second[power], 30);
    EXPECT_DOUBLE_EQ(*second[current], 2.1);
    EXPECT_DOUBLE_EQ(*second[voltage], 230) << "a plain number is every channel's";
    EXPECT_DOUBLE_EQ(*second[energy], 250);
    EXPECT_DOUBLE_EQ(*second[frequency], 50);
    auto beyond = parse_energy(two, 2);
    ASSERT_TRUE(std::holds_alternative<http::PlugValues>(beyond));
    EXPECT_FALSE(std::get<http::PlugValues>(beyond).value[power]);
}

TEST(TasmotaEnergy, WithoutEnergyOrWithoutPasswordIsAnError) {
    EXPECT_TRUE(std::holds_alternative<std::string>(
        parse_energy(R"({"StatusSNS":{"Time":"2018-11-15T08:54:18"}})", 0)));
    EXPECT_TRUE(std::holds_alternative<std::string>(parse_energy(R"({"Command":"Unknown"})", 0)));
    const char* warn = R"({"WARNING":"Need user=<username>&password=<password>"})";
    EXPECT_TRUE(needs_password(warn));
    EXPECT_FALSE(needs_password(kPowR2));
    EXPECT_TRUE(std::holds_alternative<std::string>(parse_energy(warn, 0)));
    EXPECT_TRUE(std::holds_alternative<std::string>(parse_energy("not json", 0)));
}

TEST(TasmotaIdentity, FromStatusZero) {
    const auto id = parse_identity(
        R"j({"Status":{"Module":43,"DeviceName":"Pow R2","FriendlyName":["bench"]},"StatusFWR":{"Version":"13.1.0(tasmota)","Hardware":"ESP8266EX"},"StatusNET":{"Mac":"DC:4F:22:00:00:01"}})j");
    EXPECT_EQ(id.name, "Pow R2");
    EXPECT_EQ(id.firmware, "13.1.0(tasmota)");
    EXPECT_EQ(id.hardware, "ESP8266EX");
    EXPECT_EQ(id.mac, "DC:4F:22:00:00:01");
    EXPECT_EQ(parse_identity(R"({"Status":{"FriendlyName":["only"]}})").name, "only");
}

TEST(TasmotaQuery, EscapesEverythingButUnreserved) {
    EXPECT_EQ(query_escape("a-Z_0.9~"), "a-Z_0.9~");
    EXPECT_EQ(query_escape("p&w=d %"), "p%26w%3Dd%20%25");
}

}  // namespace
}  // namespace wattbench::drivers::tasmota
