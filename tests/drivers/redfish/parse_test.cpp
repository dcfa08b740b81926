#include <gtest/gtest.h>

#include <algorithm>

#include "drivers/redfish/channel_name.hpp"
#include "drivers/redfish/legacy_parse.hpp"
#include "drivers/redfish/poll_plan.hpp"
#include "drivers/redfish/sensor_parse.hpp"
#include "drivers/redfish/service_parse.hpp"
#include "tests/drivers/redfish/fixtures.hpp"

namespace wattbench::drivers::redfish {
namespace {

using testing::expanded;
using testing::mockup_json;

constexpr const char* kRack = "public-rackmount1";
constexpr const char* kCatfish = "public-catfish";
const std::string kSensors = "/redfish/v1/Chassis/1U/Sensors?$expand=.($levels=1)";

const api::ChannelSpec* find(const PollPlan& p, const std::string& name) {
    for (const auto& c : p.channels) {
        if (c.name == name) {
            return &c;
        }
    }
    return nullptr;
}

// A resource of a mockup as discovery reads it.
DiscoveredResource resource(const char* mockup, ResourceKind kind, const std::string& path,
                            const std::string& as = "") {
    Json body = kind == ResourceKind::sensor_collection ? expanded(mockup, path)
                                                        : mockup_json(mockup, path);
    const std::string polled = as.empty() ? path : as;
    return {kind, polled, values_of(kind, body, polled)};
}

DiscoveredChassis chassis(const char* mockup, const std::string& path) {
    DiscoveredChassis dc;
    dc.info = parse_chassis(mockup_json(mockup, path));
    dc.resources.push_back(resource(mockup, ResourceKind::chassis, path));
    return dc;
}

DiscoveredChassis rack_chassis() {
    DiscoveredChassis dc = chassis(kRack, "/redfish/v1/Chassis/1U");
    dc.resources.push_back(resource(kRack, ResourceKind::sensor_collection,
                                    "/redfish/v1/Chassis/1U/Sensors", kSensors));
    dc.resources.push_back(resource(kRack, ResourceKind::environment, dc.info.environment_metrics));
    dc.resources.push_back(resource(kRack, ResourceKind::power, dc.info.power));
    return dc;
}

DiscoveredChassis catfish_chassis() {
    DiscoveredChassis dc = chassis(kCatfish, "/redfish/v1/Chassis/1");
    dc.resources.push_back(resource(kCatfish, ResourceKind::power, dc.info.power));
    dc.resources.push_back(resource(kCatfish, ResourceKind::thermal, dc.info.thermal));
    return dc;
}

TEST(RedfishNames, FromIdAndFromLabel) {
    EXPECT_EQ(name_from_id("PS1InputPower"), "ps1_input_power");
    EXPECT_EQ(name_from_id("CPU1Temp"), "cpu1_temp");
    EXPECT_EQ(name_from_id("CPUFan1"), "cpu_fan1");
    EXPECT_EQ(name_from_id("TotalPower"), "total_power");
    EXPECT_EQ(name_from_id("PS1Out12VCurrent"), "ps1_out12_v_current");
    EXPECT_EQ(name_from_id("Battery1StateOfHealth"), "battery1_state_of_health");
    EXPECT_EQ(name_from_id("temp-1 (inlet)"), "temp_1_inlet");
    EXPECT_EQ(name_from_id(""), "sensor");
    EXPECT_EQ(name_from_label("CPU1 Temp"), "cpu1_temp");
    EXPECT_EQ(name_from_label("System Input Power"), "system_input_power");
    EXPECT_EQ(name_from_label("  +12V  "), "12v");
}

TEST(RedfishParse, ServiceRootAndChassis) {
    const auto root = parse_service_root(mockup_json(kRack, "/redfish/v1"));
    EXPECT_EQ(root.chassis, "/redfish/v1/Chassis");
    EXPECT_EQ(root.sessions, "/redfish/v1/SessionService/Sessions");
    EXPECT_TRUE(root.expand_levels);
    EXPECT_EQ(root.redfish_version, "1.15.0");
    EXPECT_EQ(parse_members(mockup_json(kRack, "/redfish/v1/Chassis")),
              std::vector<std::string>{"/redfish/v1/Chassis/1U"});
    const auto c = parse_chassis(mockup_json(kRack, "/redfish/v1/Chassis/1U"));
    EXPECT_EQ(c.id, "1U");
    EXPECT_EQ(c.manufacturer, "Contoso");
    EXPECT_EQ(c.model, "3500RX");
    EXPECT_EQ(c.serial, "437XR1138R2");
    EXPECT_EQ(c.sensors, "/redfish/v1/Chassis/1U/Sensors");
    EXPECT_EQ(c.power_subsystem, "/redfish/v1/Chassis/1U/PowerSubsystem");
    EXPECT_EQ(c.managed_by, "/redfish/v1/Managers/BMC");
    EXPECT_TRUE(c.has_health);
    EXPECT_EQ(parse_manager_firmware(mockup_json(kRack, "/redfish/v1/Managers/BMC")),
              "1.45.455b66-rev4");
    // No Links.Sessions, no ExpandQuery: the standard path, one request per sensor.
    const auto bare = parse_service_root(*parse_json(R"({"Chassis":{"@odata.id":"/c"}})"));
    EXPECT_EQ(bare.sessions, "/redfish/v1/SessionService/Sessions");
    EXPECT_FALSE(bare.expand_levels);
}

TEST(RedfishParse, SensorWithThresholdsUnitsAndHealth) {
    const auto v = parse_sensor(mockup_json(kRack, "/redfish/v1/Chassis/1U/Sensors/CPU1Temp"), "");
    EXPECT_EQ(v.key, "/redfish/v1/Chassis/1U/Sensors/CPU1Temp");
    EXPECT_EQ(v.channel_base, "cpu1_temp");
    EXPECT_EQ(v.units.unit, "degC");
    EXPECT_EQ(v.units.quantity, api::Quantity::temperature);
    EXPECT_EQ(v.reading_state, ReadingState::number);
    EXPECT_DOUBLE_EQ(v.reading, 44);
    EXPECT_EQ(v.thresholds.upper_non_critical, 42);
    EXPECT_EQ(v.thresholds.upper_critical, 45);
    EXPECT_EQ(v.thresholds.upper_non_recoverable, 50);
    EXPECT_FALSE(v.thresholds.lower_critical);
    EXPECT_EQ(v.range_max, 75);
    EXPECT_EQ(v.health, "Warning");
    EXPECT_FALSE(v.accuracy);  // CPU1Temp declares none
    const auto energy =
        parse_sensor(mockup_json(kRack, "/redfish/v1/Chassis/1U/Sensors/PS1Energy"), "");
    EXPECT_EQ(energy.units.unit, "Wh");
    EXPECT_DOUBLE_EQ(energy.reading, 7855000);
    const auto fan = parse_sensor(mockup_json(kRack, "/redfish/v1/Chassis/1U/Sensors/CPUFan1"), "");
    EXPECT_EQ(fan.units.quantity, api::Quantity::fan);
    EXPECT_EQ(fan.units.unit, "%");
    EXPECT_EQ(fan.thresholds.lower_non_critical, 5);
    EXPECT_EQ(fan.thresholds.lower_critical, 0);
    const auto absent =
        parse_sensor(mockup_json(kRack, "/redfish/v1/Chassis/1U/Sensors/PS2InputPower"), "");
    EXPECT_TRUE(absent.left_out());
}

TEST(RedfishParse, AccuracyIsAFractionOfTheReadingAndPrecisionIsNotRead) {
    const auto total =
        parse_sensor(mockup_json(kRack, "/redfish/v1/Chassis/1U/Sensors/TotalPower"), "");
    ASSERT_TRUE(total.accuracy);
    EXPECT_DOUBLE_EQ(*total.accuracy, 0.002);  // "Accuracy": 0.2 (percent); "Precision": 1
    const auto voltage =
        parse_sensor(mockup_json(kRack, "/redfish/v1/Chassis/1U/Sensors/PS1InputVoltage"), "");
    ASSERT_TRUE(voltage.accuracy);
    EXPECT_GT(*voltage.accuracy, 0.0);
    EXPECT_LT(*voltage.accuracy, 0.01);
    for (const char* bad :
         {R"({"Id":"P","Reading":1,"Accuracy":0})", R"({"Id":"P","Reading":1,"Accuracy":-2})",
          R"({"Id":"P","Reading":1,"Accuracy":100})", R"({"Id":"P","Reading":1,"Accuracy":"1"})",
          R"({"Id":"P","Reading":1,"Accuracy":null,"Precision":3})"}) {
        EXPECT_FALSE(parse_sensor(*parse_json(bad), "").accuracy) << bad;
    }
    const auto env =
        parse_environment_power(*parse_json(R"({"PowerWatts":{"Reading":300,"Accuracy":1.5}})"));
    ASSERT_TRUE(env.accuracy);
    EXPECT_DOUBLE_EQ(*env.accuracy, 0.015);
}

TEST(RedfishParse, LegacyThermalAndPower) {
    const auto t = parse_thermal(mockup_json(kCatfish, "/redfish/v1/Chassis/1/Thermal"));
    ASSERT_EQ(t.size(), 6u);
    EXPECT_EQ(t[0].channel_base, "inlet_temp");
    EXPECT_EQ(t[0].key, "Temperatures/Inlet Temp");
    EXPECT_DOUBLE_EQ(t[0].reading, 25);
    EXPECT_EQ(t[0].thresholds.upper_non_critical, 35);
    EXPECT_EQ(t[0].thresholds.upper_critical, 40);
    EXPECT_EQ(t[0].thresholds.upper_non_recoverable, 50);
    EXPECT_EQ(t[4].channel_base, "baseboard_system_fan_1");
    EXPECT_EQ(t[4].units.unit, "RPM");
    EXPECT_EQ(t[4].thresholds.lower_critical, 5);
    EXPECT_EQ(t[4].range_max, 5000);
    const auto p = parse_power(mockup_json(kRack, "/redfish/v1/Chassis/1U/Power"));
    ASSERT_FALSE(p.empty());
    EXPECT_EQ(p[0].key, "power");
    EXPECT_DOUBLE_EQ(p[0].reading, 344);
    const auto vrm = std::find_if(p.begin(), p.end(),
                                  [](const auto& v) { return v.channel_base == "vrm1_voltage"; });
    ASSERT_NE(vrm, p.end());
    EXPECT_EQ(vrm->thresholds.lower_non_recoverable, 10);
    EXPECT_EQ(vrm->units.unit, "V");
    const auto out = std::find_if(p.begin(), p.end(), [](const auto& v) {
        return v.channel_base == "power_supply_bay_output_power";
    });
    ASSERT_NE(out, p.end());
    EXPECT_DOUBLE_EQ(out->reading, 325);  // LastPowerOutputWatts
    // Thermal v1.0 names: FanName, ReadingRPM.
    const auto old = parse_thermal(
        *parse_json(R"({"Fans":[{"FanName":"Fan 3","ReadingRPM":4200,"MinReadingRange":0}]})"));
    ASSERT_EQ(old.size(), 1u);
    EXPECT_EQ(old[0].channel_base, "fan_3");
    EXPECT_DOUBLE_EQ(old[0].reading, 4200);
}

TEST(RedfishPlan, RackmountChannelsFromSensors) {
    const PollPlan plan = build_plan({rack_chassis()}, {});
    ASSERT_FALSE(plan.channels.empty());
    EXPECT_EQ(plan.channels[0].name, "power");
    EXPECT_TRUE(plan.channels[0].key);
    EXPECT_EQ(plan.channels[1].name, "health");
    EXPECT_EQ(plan.channels[1].states, health_states());
    for (const char* name : {"ps1_input_power", "cpu1_temp", "cpu1_temp_health", "total_power",
                             "cpu_fan1", "ps1_energy", "intake_temp"}) {
        EXPECT_NE(find(plan, name), nullptr) << name;
    }
    // Absent supplies are left out, listed once.
    EXPECT_EQ(find(plan, "ps2_input_power"), nullptr);
    ASSERT_EQ(plan.notices.size(), 1u);
    EXPECT_NE(
        plan.notices[0].find("11 sensor(s) left out as absent or disabled: PS2Energy (Absent)"),
        std::string::npos)
        << plan.notices[0];
    EXPECT_EQ(find(plan, "cpu1_temp")->thresholds.upper_critical, 45);
    // `power` is TotalPower's reading, so it has TotalPower's accuracy; other power sensors their
    // own.
    ASSERT_TRUE(plan.channels[0].accuracy);
    EXPECT_DOUBLE_EQ(plan.channels[0].accuracy->of_reading, 0.002);
    EXPECT_DOUBLE_EQ(plan.channels[0].accuracy->of_range, 0.0);
    ASSERT_TRUE(find(plan, "total_power")->accuracy);
    EXPECT_DOUBLE_EQ(find(plan, "total_power")->accuracy->of_reading, 0.002);
    ASSERT_TRUE(find(plan, "ps1_input_power")->accuracy);
    EXPECT_DOUBLE_EQ(find(plan, "ps1_input_power")->accuracy->of_reading, 0.01);
    EXPECT_FALSE(find(plan, "cpu1_temp")->accuracy);
    EXPECT_FALSE(find(plan, "health")->accuracy);
    // Only power channels: PS1InputVoltage declares 0.02 %, and keeps it out of the report.
    EXPECT_FALSE(find(plan, "ps1_input_voltage")->accuracy);
    // Power is TotalPower's reading (PowerWatts' DataSourceUri): two requests per poll.
    ASSERT_EQ(plan.resources.size(), 2u);
    EXPECT_EQ(plan.resources[0].path, kSensors);
    EXPECT_EQ(plan.resources[1].path, "/redfish/v1/Chassis/1U");
    EXPECT_EQ(plan.resources[0].targets.at("/redfish/v1/Chassis/1U/Sensors/TotalPower").size(), 3u);
}

TEST(RedfishPlan, CatfishLegacyAndTwoChassisPrefixAndFilter) {
    const PollPlan plan = build_plan({catfish_chassis()}, {});
    std::vector<std::string> names;
    for (const auto& c : plan.channels) {
        names.push_back(c.name);
    }
    EXPECT_EQ(names,
              (std::vector<std::string>{
                  "power", "health", "inlet_temp", "inlet_temp_health", "board_temp",
                  "board_temp_health", "cpu1_temp", "cpu1_temp_health", "cpu2_temp",
                  "cpu2_temp_health", "baseboard_system_fan_1", "baseboard_system_fan_1_health",
                  "baseboard_system_fan_2", "baseboard_system_fan_2_health"}));
    EXPECT_EQ(plan.resources.size(), 3u);
    // Legacy PowerControl declares no accuracy.
    EXPECT_FALSE(plan.channels[0].accuracy);

    const PollPlan two = build_plan({rack_chassis(), catfish_chassis()}, {"CPU1 Temp", "CPU1Temp"});
    std::vector<std::string> got;
    for (const auto& c : two.channels) {
        got.push_back(c.name);
    }
    EXPECT_EQ(got, (std::vector<std::string>{"power", "health", "cpu1_temp", "cpu1_temp_health",
                                             "1_power", "1_health", "1_cpu1_temp",
                                             "1_cpu1_temp_health"}));
}

class RedfishMapping : public ::testing::Test {
protected:
    void SetUp() override {
        plan_ = build_plan({rack_chassis()}, {});
        body_ = expanded(kRack, "/redfish/v1/Chassis/1U/Sensors");
    }
    Json& member(const std::string& id) {
        for (auto& m : body_["Members"]) {
            if (m["Id"] == id) {
                return m;
            }
        }
        throw std::runtime_error("no member " + id);
    }
    MappedPoll map() {
        MappedPoll out;
        map_resource(plan_.resources[0], plan_.channels, body_.dump(), out);
        return out;
    }
    const api::Reading* reading(const MappedPoll& m, const std::string& channel) {
        for (const auto& r : m.readings) {
            if (plan_.channels[r.channel].name == channel) {
                return &r;
            }
        }
        return nullptr;
    }
    PollPlan plan_;
    Json body_;
};

TEST_F(RedfishMapping, GoodAnswer) {
    const auto m = map();
    EXPECT_TRUE(m.problems.empty());
    ASSERT_NE(reading(m, "power"), nullptr);
    EXPECT_EQ(reading(m, "power")->status, api::Status::ok);
    EXPECT_DOUBLE_EQ(reading(m, "power")->value, 374);
    EXPECT_DOUBLE_EQ(reading(m, "cpu1_temp")->value, 44);
    EXPECT_EQ(reading(m, "cpu1_temp_health")->text, "Warning");
    EXPECT_DOUBLE_EQ(reading(m, "cpu1_temp_health")->value, 1);
    MappedPoll chassis;
    map_resource(plan_.resources[1], plan_.channels,
                 testing::mockup_text(kRack, "/redfish/v1/Chassis/1U"), chassis);
    ASSERT_EQ(chassis.readings.size(), 1u);
    EXPECT_EQ(chassis.readings[0].text, "OK");
}

TEST_F(RedfishMapping, NullMissingInvalidOverrangeAndGone) {
    member("CPU1Temp")["Reading"] = nullptr;
    member("DIMM1Temp").erase("Reading");
    member("DIMM2Temp")["Reading"] = "n/a";
    member("DIMM3Temp")["Reading"] = 80;  // ReadingRangeMax 75
    member("IntakeTemp")["Status"]["State"] = "Absent";
    member("AmbientTemp")["Status"]["Health"] = "Bogus";
    auto& members = body_["Members"];
    members.erase(std::remove_if(members.begin(), members.end(),
                                 [](const Json& m) { return m["Id"] == "ExhaustTemp"; }),
                  members.end());
    const auto m = map();
    EXPECT_EQ(reading(m, "cpu1_temp")->status, api::Status::unavailable);
    EXPECT_EQ(reading(m, "cpu1_temp_health")->status, api::Status::ok);
    EXPECT_EQ(reading(m, "dimm1_temp")->status, api::Status::error);
    EXPECT_EQ(reading(m, "dimm2_temp")->status, api::Status::error);
    EXPECT_EQ(reading(m, "dimm3_temp")->status, api::Status::overrange);
    EXPECT_EQ(reading(m, "intake_temp")->status, api::Status::unavailable);
    EXPECT_EQ(reading(m, "ambient_temp_health")->status, api::Status::error);
    EXPECT_EQ(reading(m, "exhaust_temp")->status, api::Status::error);
    EXPECT_EQ(reading(m, "power")->status, api::Status::ok);
    const std::string where = "/redfish/v1/Chassis/1U/Sensors: ";
    auto problems = m.problems;
    std::sort(problems.begin(), problems.end());
    const std::string gone = where +
                             "/redfish/v1/Chassis/1U/Sensors/ExhaustTemp is missing from "
                             "the answer";
    EXPECT_EQ(problems,
              (std::vector<std::string>{
                  gone, gone, where + "Ambient Temperature: unknown Status.Health 'Bogus'",
                  where + "DIMM #1 Temperature has no reading property",
                  where + "DIMM #2 Temperature: the reading is not a number"}));
}

TEST_F(RedfishMapping, BrokenBodiesMakeEveryChannelAnError) {
    for (const std::string& body :
         {std::string("{\"Members\": [ this is not json"), std::string(""), std::string("[1,2]"),
          body_.dump().substr(0, 500)}) {
        MappedPoll m;
        map_resource(plan_.resources[0], plan_.channels, body, m);
        EXPECT_FALSE(m.readings.empty());
        for (const auto& r : m.readings) {
            EXPECT_EQ(r.status, api::Status::error);
        }
        EXPECT_EQ(m.problems, std::vector<std::string>{"/redfish/v1/Chassis/1U/Sensors: the "
                                                       "answer is not a JSON object"});
    }
    // Valid JSON of the wrong shape: every member missing, nothing thrown.
    MappedPoll m;
    map_resource(plan_.resources[0], plan_.channels, R"({"Members": 7})", m);
    for (const auto& r : m.readings) {
        EXPECT_EQ(r.status, api::Status::error);
    }
}

}  // namespace
}  // namespace wattbench::drivers::redfish
