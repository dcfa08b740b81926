#include "app/core/load/achieved_cpu_load.hpp"

#include <gtest/gtest.h>

namespace wattbench::core::load {
namespace {

stats::ChannelSummary row(std::string device, std::string channel, double mean,
                          std::uint64_t samples = 10) {
    stats::ChannelSummary r;
    r.device = std::move(device);
    r.channel = std::move(channel);
    r.mean = mean;
    r.samples = samples;
    return r;
}

TEST(AchievedCpuLoad, TargetIsTheIntensityOnEachUsedCpu) {
    const auto t = cpu_load_target({0, 4, 1}, 40.0);
    EXPECT_DOUBLE_EQ(t.percent, 40.0);
    EXPECT_EQ(t.channels, (std::vector<std::string>{"cpu0_util", "cpu1_util", "cpu4_util"}));
}

TEST(AchievedCpuLoad, SharedCpusAddUpToAtMostFullLoad) {
    EXPECT_DOUBLE_EQ(cpu_load_target({0, 0, 1}, 100.0).percent, 100.0);
    EXPECT_DOUBLE_EQ(cpu_load_target({0, 0, 1}, 40.0).percent, 60.0);  // (80 + 40) / 2
}

TEST(AchievedCpuLoad, ShortByMoreThanFivePointsIsFlagged) {
    const auto t = cpu_load_target({0, 1}, 100.0);
    const std::vector<stats::ChannelSummary> rows{
        row("host", "cpu_util", 70.0), row("host", "cpu0_util", 96.0),
        row("host", "cpu1_util", 90.0), row("wattmeter", "cpu1_util", 0.0)};
    const auto a = achieved_cpu_load(rows, "host", t);
    ASSERT_TRUE(a.total && a.used_cpus);
    EXPECT_DOUBLE_EQ(*a.total, 70.0);
    EXPECT_DOUBLE_EQ(*a.used_cpus, 93.0);
    EXPECT_TRUE(a.short_of_target);
}

TEST(AchievedCpuLoad, WithinFivePointsIsNotFlagged) {
    const auto t = cpu_load_target({0}, 50.0);
    const auto a = achieved_cpu_load({row("host", "cpu0_util", 45.5)}, "host", t);
    EXPECT_FALSE(a.short_of_target);
    EXPECT_FALSE(a.total);
}

TEST(AchievedCpuLoad, MissingReadingsDecideNothing) {
    const auto t = cpu_load_target({0, 1}, 100.0);
    const auto a = achieved_cpu_load(
        {row("host", "cpu0_util", 10.0), row("host", "cpu1_util", 0, 0)}, "host", t);
    EXPECT_FALSE(a.used_cpus);
    EXPECT_FALSE(a.short_of_target);
}

}  // namespace
}  // namespace wattbench::core::load
