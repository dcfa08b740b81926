#include "drivers/cpu/proc_stat.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "drivers/cpu/cpuinfo.hpp"

namespace wattbench::drivers::cpu {
namespace {

std::string slurp(const std::string& rel) {
    std::ifstream in(std::string(WATTBENCH_TEST_DATA) + "/fixtures/" + rel);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

TEST(ProcStat, ParsesAggregateAndPerCpuLines) {
    auto s = parse_proc_stat(slurp("vm/proc/stat"));
    ASSERT_TRUE(s);
    EXPECT_EQ(s->total.user, 376542u);
    EXPECT_EQ(s->total.steal, 118u);
    ASSERT_EQ(s->cpus.size(), 2u);
    EXPECT_EQ(s->cpus[1].index, 1u);
    EXPECT_EQ(s->cpus[1].times.idle, 120426u);
}

TEST(ProcStat, KeepsHolesInCpuNumbering) {
    auto s = parse_proc_stat("cpu 1 2 3 4\ncpu0 1 1 1 1\ncpu3 0 1 2 1\n");
    ASSERT_TRUE(s);
    ASSERT_EQ(s->cpus.size(), 2u);
    EXPECT_EQ(s->cpus[1].index, 3u);
}

TEST(ProcStat, RejectsMalformedText) {
    EXPECT_FALSE(parse_proc_stat(""));
    EXPECT_FALSE(parse_proc_stat("intr 1 2 3\n"));
    EXPECT_FALSE(parse_proc_stat("cpu 1 2 x 4\n"));
    EXPECT_FALSE(parse_proc_stat("cpu 1 2 3\n"));
    EXPECT_FALSE(parse_proc_stat("cpu 1 2 3 4\ncpuX 1 2 3 4\n"));
}

TEST(ProcStat, BusyPercentFromDeltas) {
    CpuTimes a{100, 0, 0, 100};
    CpuTimes b{175, 0, 0, 125};
    EXPECT_DOUBLE_EQ(*busy_percent(a, b), 75.0);
    EXPECT_FALSE(busy_percent(a, a));
    EXPECT_FALSE(busy_percent(b, a));
    // iowait counts as idle time, steal as busy (the hypervisor took it).
    CpuTimes c{100, 0, 0, 100, 0, 0, 0, 0};
    CpuTimes d{100, 0, 0, 100, 50, 0, 0, 50};
    EXPECT_DOUBLE_EQ(*busy_percent(c, d), 50.0);
}

TEST(CpuInfo, MegahertzPerProcessor) {
    auto m = parse_cpuinfo_mhz(slurp("vm/proc/cpuinfo"));
    ASSERT_EQ(m.size(), 2u);
    EXPECT_DOUBLE_EQ(m[1], 2599.998);
    EXPECT_TRUE(parse_cpuinfo_mhz("cpu MHz : 100\n").empty());  // no processor line yet
    EXPECT_TRUE(parse_cpuinfo_mhz("processor : 0\ncpu MHz : nan\n").empty());
}

TEST(CpuInfo, CpufreqKilohertz) {
    EXPECT_DOUBLE_EQ(*parse_cpufreq_khz("3400000\n"), 3400.0);
    EXPECT_FALSE(parse_cpufreq_khz("<unknown>\n"));
}

// The load controller's figures (host/cpu_util, the idle check) come from this parser too.
constexpr std::string_view kLoadSample =
    "cpu  100 5 50 800 20 3 2 0 7 0\n"
    "cpu0 60 5 30 380 10 2 1 0 7 0\n"
    "cpu1 40 0 20 420 10 1 1 0 0 0\n"
    "intr 12345 0 0\n"
    "ctxt 999\n";

TEST(ProcStat, BusyAndIdleOfTotalAndOneCpu) {
    const auto t = parse_proc_stat(kLoadSample);
    ASSERT_TRUE(t);
    EXPECT_EQ(t->total.busy(), 160u);  // user+nice+system+irq+softirq+steal; guest is in user
    EXPECT_EQ(t->total.idle + t->total.iowait, 820u);
    ASSERT_EQ(t->cpus.size(), 2u);
    ASSERT_NE(t->cpu(1), nullptr);
    EXPECT_EQ(t->cpu(1)->busy(), 62u);
    EXPECT_EQ(t->cpu(1)->idle + t->cpu(1)->iowait, 430u);
    EXPECT_EQ(t->cpu(2), nullptr);
}

TEST(ProcStat, WithoutCpuLineIsNothing) {
    EXPECT_FALSE(parse_proc_stat("intr 1\n"));
    EXPECT_FALSE(parse_proc_stat(""));
}

TEST(ProcStat, BusyPercentBetweenReadings) {
    const auto times = [](std::uint64_t busy, std::uint64_t idle) {
        return CpuTimes{busy, 0, 0, idle, 0, 0, 0, 0};
    };
    EXPECT_DOUBLE_EQ(*busy_percent(times(100, 300), times(175, 325)), 75.0);
    EXPECT_FALSE(busy_percent(times(100, 300), times(100, 300)));
    EXPECT_FALSE(busy_percent(times(100, 300), times(90, 400)));
}

}  // namespace
}  // namespace wattbench::drivers::cpu
