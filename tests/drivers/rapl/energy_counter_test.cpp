#include "drivers/rapl/energy_counter.hpp"

#include <gtest/gtest.h>

#include <cerrno>

namespace wattbench::drivers::rapl {
namespace {

TEST(RaplCounter, ParsesMicrojoules) {
    EXPECT_EQ(*parse_microjoules("262143328850\n"), 262143328850u);
    EXPECT_FALSE(parse_microjoules(""));
    EXPECT_FALSE(parse_microjoules("-1\n"));
    EXPECT_FALSE(parse_microjoules("12 J\n"));
}

TEST(RaplCounter, DeltaHandlesOneWrap) {
    EXPECT_EQ(energy_delta_uj(100, 350, 1000), 250u);
    EXPECT_EQ(energy_delta_uj(900, 50, 1000), 150u);
    EXPECT_EQ(energy_delta_uj(262143000000, 671150, 262143328850), 1000000u);
    EXPECT_EQ(energy_delta_uj(2000, 10, 1000), 10u);  // above the advertised range: no underflow
}

TEST(RaplCounter, MeanPower) {
    EXPECT_DOUBLE_EQ(*mean_power_w(50'000'000, 0.5), 100.0);
    EXPECT_FALSE(mean_power_w(1, 0.0));
}

TEST(RaplCounter, ZoneNames) {
    EXPECT_EQ(zone_channel_name("package-0", 0, false), "rapl_package");
    EXPECT_EQ(zone_channel_name("package-1", 1, true), "rapl_package_1");
    EXPECT_EQ(zone_channel_name("dram", 0, true), "rapl_dram_0");
    EXPECT_EQ(zone_channel_name("core", 0, false), "rapl_core");
    EXPECT_EQ(zone_channel_name("mystery", 0, false), "");
}

TEST(RaplCounter, PermissionRefusalSaysWhy) {
    const std::string m = unreadable_message("/sys/x/energy_uj", EACCES);
    EXPECT_NE(m.find("/sys/x/energy_uj"), std::string::npos);
    EXPECT_NE(m.find("root"), std::string::npos);
    EXPECT_EQ(unreadable_message("/y", ENOENT).find("root"), std::string::npos);
}

}  // namespace
}  // namespace wattbench::drivers::rapl
