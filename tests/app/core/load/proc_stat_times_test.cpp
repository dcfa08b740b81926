#include "app/core/load/proc_stat_times.hpp"

#include <gtest/gtest.h>

namespace wattbench::core::load {
namespace {

constexpr std::string_view sample =
    "cpu  100 5 50 800 20 3 2 0 7 0\n"
    "cpu0 60 5 30 380 10 2 1 0 7 0\n"
    "cpu1 40 0 20 420 10 1 1 0 0 0\n"
    "intr 12345 0 0\n"
    "ctxt 999\n";

TEST(ProcStatTimes, ParsesTotalAndPerCpu) {
    const auto t = parse_proc_stat(sample);
    ASSERT_TRUE(t);
    EXPECT_EQ(t->total.busy, 160u);  // user+nice+system+irq+softirq+steal; guest is in user
    EXPECT_EQ(t->total.idle, 820u);
    ASSERT_EQ(t->per_cpu.size(), 2u);
    EXPECT_EQ(t->per_cpu.at(1).busy, 62u);
    EXPECT_EQ(t->per_cpu.at(1).idle, 430u);
}

TEST(ProcStatTimes, WithoutCpuLineIsNothing) {
    EXPECT_FALSE(parse_proc_stat("intr 1\n"));
    EXPECT_FALSE(parse_proc_stat(""));
}

TEST(ProcStatTimes, BusyPercentBetweenReadings) {
    EXPECT_DOUBLE_EQ(*busy_percent({100, 300}, {175, 325}), 75.0);
    EXPECT_FALSE(busy_percent({100, 300}, {100, 300}));
    EXPECT_FALSE(busy_percent({100, 300}, {90, 400}));
}

}  // namespace
}  // namespace wattbench::core::load
