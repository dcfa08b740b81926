#include "drivers/hwmon/chip_sensors.hpp"

#include <gtest/gtest.h>

#include "drivers/hwmon/channel_name.hpp"
#include "drivers/hwmon/sensor_type.hpp"

namespace wattbench::drivers::hwmon {
namespace {

TEST(HwmonAttribute, ParsesSensorFileNames) {
    auto a = parse_attribute_name("temp12_crit_alarm");
    ASSERT_TRUE(a);
    EXPECT_EQ(a->type->prefix, "temp");
    EXPECT_EQ(a->index, 12u);
    EXPECT_EQ(a->attribute, "crit_alarm");
    EXPECT_TRUE(parse_attribute_name("in0_input"));
    EXPECT_FALSE(parse_attribute_name("pwm1"));
    EXPECT_FALSE(parse_attribute_name("name"));
    EXPECT_FALSE(parse_attribute_name("temp_input"));
    EXPECT_FALSE(parse_attribute_name("temp1_"));
    EXPECT_FALSE(parse_attribute_name("tempx_input"));
    EXPECT_FALSE(parse_attribute_name("uevent"));
}

TEST(HwmonChannelName, LowerCaseWithUnderscores) {
    EXPECT_EQ(channel_name("coretemp_Package id 0"), "coretemp_package_id_0");
    EXPECT_EQ(channel_name("nct6775_+12V"), "nct6775_12v");
    EXPECT_EQ(channel_name("--"), "");
}

TEST(HwmonChipSensors, LabelsUnitsAndThresholds) {
    std::map<std::string, std::string> files{
        {"temp1_input", "45000\n"},  {"temp1_label", "Package id 0\n"},
        {"temp1_max", "80000\n"},    {"temp1_crit", "100000\n"},
        {"temp1_crit_alarm", "0\n"}, {"in0_input", "12096\n"},
        {"in0_min", "11400\n"},      {"in0_max", "12600\n"},
        {"fan2_input", "1250\n"},    {"power1_input", "95500000\n"},
        {"curr1_input", "850\n"},    {"temp3_max", "90000\n"},  // no input: not a sensor
        {"pwm1", "128\n"},
    };
    auto s = chip_sensors("chip", files);
    ASSERT_EQ(s.size(), 5u);
    // Ordered by type prefix, then number.
    EXPECT_EQ(s[0].channel.name, "chip_curr1");
    EXPECT_EQ(s[0].channel.unit, "A");
    EXPECT_EQ(s[1].channel.name, "chip_fan2");
    EXPECT_EQ(s[1].channel.unit, "RPM");
    EXPECT_EQ(s[2].channel.name, "chip_in0");
    EXPECT_DOUBLE_EQ(*s[2].channel.thresholds.lower_non_critical, 11.4);
    EXPECT_DOUBLE_EQ(*s[2].channel.thresholds.upper_non_critical, 12.6);
    EXPECT_EQ(s[3].channel.name, "chip_power1");
    EXPECT_EQ(s[3].channel.unit, "W");
    EXPECT_DOUBLE_EQ(s[3].scale, 1e-6);
    EXPECT_EQ(s[4].channel.name, "chip_package_id_0");
    EXPECT_EQ(s[4].channel.unit, "degC");
    EXPECT_EQ(s[4].channel.quantity, api::Quantity::temperature);
    EXPECT_EQ(s[4].input_file, "temp1_input");
    EXPECT_DOUBLE_EQ(*s[4].channel.thresholds.upper_non_critical, 80.0);
    EXPECT_DOUBLE_EQ(*s[4].channel.thresholds.upper_critical, 100.0);
    EXPECT_FALSE(s[4].channel.thresholds.lower_critical);
}

TEST(HwmonChipSensors, GarbageLimitsAreIgnored) {
    auto s = chip_sensors("c", {{"temp1_input", "1\n"}, {"temp1_max", "hot\n"}});
    ASSERT_EQ(s.size(), 1u);
    EXPECT_TRUE(s[0].channel.thresholds.empty());
}

TEST(HwmonInteger, ParsesSignedIntegers) {
    EXPECT_EQ(*parse_hwmon_integer("-273150\n"), -273150);
    EXPECT_FALSE(parse_hwmon_integer(""));
    EXPECT_FALSE(parse_hwmon_integer("12a\n"));
}

}  // namespace
}  // namespace wattbench::drivers::hwmon
