#include <gtest/gtest.h>

#include "drivers/shelly/status_parse.hpp"

namespace wattbench::drivers::shelly {
namespace {

using namespace common;

const http::PlugValues& values(const std::variant<http::PlugValues, std::string>& got) {
    static const http::PlugValues none;
    if (auto* why = std::get_if<std::string>(&got)) {
        ADD_FAILURE() << *why;
        return none;
    }
    return std::get<http::PlugValues>(got);
}

// network-meters.md §2.1: aioshelly's Plug S (fw 1.14.0) fixture; total 2632 watt-minutes.
TEST(ShellyGen1, StatusMetersWattMinutesToWattHours) {
    const auto& v = values(parse_gen1_meter(
        R"({"meters":[{"counters":[0.0,0.0,0.0],"is_valid":true,"overpower":0.0,"power":0.0,"timestamp":1707335841,"total":2632}],"relays":[{"ison":false,"overpower":false}]})",
        0));
    EXPECT_DOUBLE_EQ(*v.value[power], 0.0);
    EXPECT_NEAR(*v.value[energy], 2632.0 / 60.0, 1e-9);
    EXPECT_FALSE(v.value[voltage]);
}

TEST(ShellyGen1, BareMeterObjectAndInvalidPower) {
    const auto& v = values(parse_gen1_meter(R"({"power":41.5,"is_valid":true,"total":600})", 0));
    EXPECT_DOUBLE_EQ(*v.value[power], 41.5);
    EXPECT_DOUBLE_EQ(*v.value[energy], 10.0);
    const auto& bad =
        values(parse_gen1_meter(R"({"meters":[{"power":12,"is_valid":false,"total":60}]})", 0));
    EXPECT_FALSE(bad.value[power]) << "is_valid false: no number";
    EXPECT_DOUBLE_EQ(*bad.value[energy], 1.0);
    EXPECT_TRUE(std::holds_alternative<std::string>(parse_gen1_meter(R"({"meters":[]})", 0)));
    EXPECT_TRUE(
        std::holds_alternative<std::string>(parse_gen1_meter(R"({"meters":[{"power":1}]})", 1)));
}

// network-meters.md §2.2: aioshelly's Plus Plug S (1.1.0) Switch.GetStatus.
TEST(ShellyGen2, SwitchStatusBareOrInAFrame) {
    const std::string status =
        R"({"id":0,"source":"init","output":true,"apower":2.7,"voltage":227.9,"current":0.121,"aenergy":{"total":7258.589,"by_minute":[34.786,45.552,45.552],"minute_ts":1707326925},"temperature":{"tC":32.1,"tF":89.7}})";
    for (const std::string& body :
         {status, R"({"id":0,"src":"shellyplusplugs-a8032ab12345","result":)" + status + "}"}) {
        const auto& v = values(parse_rpc_status(body));
        EXPECT_DOUBLE_EQ(*v.value[power], 2.7);
        EXPECT_DOUBLE_EQ(*v.value[voltage], 227.9);
        EXPECT_DOUBLE_EQ(*v.value[current], 0.121);
        EXPECT_DOUBLE_EQ(*v.value[energy], 7258.589);
        EXPECT_FALSE(v.value[power_factor]);
        EXPECT_FALSE(v.value[frequency]);
    }
}

TEST(ShellyGen2, PowerFactorAndFrequencyWhereTheModelHasThem) {
    const auto& v = values(parse_rpc_status(
        R"({"id":0,"voltage":230.1,"current":0.5,"apower":107.0,"freq":49.98,"pf":0.93,"aenergy":{"total":12.5}})"));
    EXPECT_DOUBLE_EQ(*v.value[power_factor], 0.93);
    EXPECT_DOUBLE_EQ(*v.value[frequency], 49.98);
}

TEST(ShellyGen2, ErrorsAreTexts) {
    for (
        const char* bad :
        {R"({"code":404,"message":"No handler for Switch.GetStatus"})",
         R"({"id":0,"src":"x","error":{"code":-105,"message":"Argument 'id', value 1 not found!"}})",
         R"({"id":0,"output":true})", R"({"result":7})", "null", "{", R"({"apower":"2.7"})"}) {
        EXPECT_TRUE(std::holds_alternative<std::string>(parse_rpc_status(bad))) << bad;
    }
    auto e = parse_rpc_status(
        R"({"error":{"code":-105,"message":"Argument 'id', value 1 not found!"}})");
    EXPECT_NE(std::get<std::string>(e).find("RPC error -105"), std::string::npos);
}

TEST(ShellyInfo, GenerationFromTheGenField) {
    auto g1 = parse_device_info(
        R"({"type":"SHPLG-S","mac":"C45BBE000001","auth":true,"fw":"20230913-114008/v1.14.0-gcb84623","num_meters":1})");
    ASSERT_TRUE(std::holds_alternative<DeviceInfo>(g1));
    EXPECT_EQ(std::get<DeviceInfo>(g1).generation, 1);
    EXPECT_TRUE(std::get<DeviceInfo>(g1).auth);
    EXPECT_EQ(std::get<DeviceInfo>(g1).model, "SHPLG-S");
    auto g3 = parse_device_info(
        R"({"name":null,"id":"shellypmminig3-84fce63e0000","mac":"84FCE63E0000","model":"S3PM-001PCEU16","gen":3,"fw_id":"x","ver":"1.2.3","auth_en":false,"auth_domain":null})");
    ASSERT_TRUE(std::holds_alternative<DeviceInfo>(g3));
    EXPECT_EQ(std::get<DeviceInfo>(g3).generation, 3);
    EXPECT_FALSE(std::get<DeviceInfo>(g3).auth);
    EXPECT_EQ(std::get<DeviceInfo>(g3).firmware, "1.2.3");
    EXPECT_EQ(std::get<DeviceInfo>(g3).id, "shellypmminig3-84fce63e0000");
    EXPECT_TRUE(std::holds_alternative<std::string>(parse_device_info(R"({"hello":1})")));
    EXPECT_TRUE(std::holds_alternative<std::string>(parse_device_info("<html>")));
}

}  // namespace
}  // namespace wattbench::drivers::shelly
