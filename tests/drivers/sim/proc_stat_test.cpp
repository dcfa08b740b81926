#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

#include "drivers/cpu/proc_stat.hpp"
#include "drivers/sim/proc_stat_load.hpp"

namespace wattbench::drivers::sim {
namespace {

using cpu::CpuTimes;
using cpu::parse_proc_stat;

std::string read_fixture(const std::string& name) {
    std::ifstream in(std::string(WATTBENCH_TEST_DATA) + "/fixtures/" + name);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// Captured from a two-CPU Debian 12 VM; the sim wattmeter reads /proc/stat with the cpu driver's
// parser.
TEST(ProcStat, ParsesCapturedFixture) {
    const std::string text = read_fixture("proc_stat.txt");
    ASSERT_FALSE(text.empty());
    auto parsed = parse_proc_stat(text);
    ASSERT_TRUE(parsed);
    EXPECT_EQ(parsed->total.user, 2991u);
    EXPECT_EQ(parsed->total.nice, 0u);
    EXPECT_EQ(parsed->total.system, 1346u);
    EXPECT_EQ(parsed->total.idle, 79924u);
    EXPECT_EQ(parsed->total.iowait, 301u);
    EXPECT_EQ(parsed->total.irq, 0u);
    EXPECT_EQ(parsed->total.softirq, 27u);
    EXPECT_EQ(parsed->total.steal, 9u);
    EXPECT_EQ(parsed->total.busy(), 4373u);
    EXPECT_EQ(parsed->total.total(), 84598u);
    EXPECT_EQ(parsed->cpus.size(), 2u);
}

TEST(ProcStat, GuestTimeIsNotCountedTwice) {
    auto parsed = parse_proc_stat("cpu  10 20 30 40 50 60 70 80 90 100\ncpu0 1 2 3 4\n");
    ASSERT_TRUE(parsed);
    EXPECT_EQ(parsed->total.busy(), 10u + 20u + 30u + 60u + 70u + 80u);
    EXPECT_EQ(parsed->total.total(), parsed->total.busy() + 40u + 50u);
    EXPECT_EQ(parsed->cpus.size(), 1u);
}

TEST(ProcStat, AcceptsOldFourColumnFormat) {
    auto parsed = parse_proc_stat("cpu 1 2 3 4\n");
    ASSERT_TRUE(parsed);
    EXPECT_EQ(parsed->total.idle, 4u);
    EXPECT_EQ(parsed->total.iowait, 0u);
    EXPECT_EQ(parsed->cpus.size(), 0u);
}

TEST(ProcStat, RejectsTextWithoutAggregateLine) {
    EXPECT_EQ(parse_proc_stat(""), std::nullopt);
    EXPECT_EQ(parse_proc_stat("cpu0 1 2 3 4\nintr 5\n"), std::nullopt);
    EXPECT_EQ(parse_proc_stat("cpu 1 2 x 4\n"), std::nullopt);
    EXPECT_EQ(parse_proc_stat("cpu 1 2 3\n"), std::nullopt);
    EXPECT_EQ(parse_proc_stat("cpu -1 2 3 4\n"), std::nullopt);
}

TEST(ProcStat, BusyPercentBetweenSnapshots) {
    CpuTimes a{100, 0, 100, 800, 0, 0, 0, 0};
    CpuTimes b{150, 0, 150, 850, 50, 0, 0, 0};  // +100 busy, +100 idle/iowait
    EXPECT_DOUBLE_EQ(*cpu::busy_percent(a, b), 50.0);
    EXPECT_EQ(cpu::busy_percent(a, a), std::nullopt);
    EXPECT_EQ(cpu::busy_percent(b, a), std::nullopt);
}

class ProcStatFile : public ::testing::Test {
protected:
    void SetUp() override {
        path_ = std::filesystem::path(::testing::TempDir()) /
                ("proc_stat_" + std::to_string(::getpid()) + "_" +
                 ::testing::UnitTest::GetInstance()->current_test_info()->name());
    }
    void TearDown() override { std::filesystem::remove(path_); }
    void write(const std::string& text) { std::ofstream(path_) << text; }

    std::filesystem::path path_;
};

TEST_F(ProcStatFile, LoadMeasuresDeltasAndCountsCpus) {
    write("cpu  100 0 100 800 0 0 0 0 0 0\ncpu0 1 1 1 1\ncpu1 1 1 1 1\ncpu2 1 1 1 1\n");
    ProcStatLoad load(path_.string());
    ASSERT_EQ(load.start(), std::nullopt);

    // No tick since start: idle, rather than a guess.
    auto first = std::get<CpuUse>(load.sample());
    EXPECT_DOUBLE_EQ(first.utilisation, 0.0);
    EXPECT_EQ(first.logical_cpus, 3u);

    write("cpu  175 0 100 825 0 0 0 0 0 0\ncpu0 1 1 1 1\ncpu1 1 1 1 1\ncpu2 1 1 1 1\n");
    auto second = std::get<CpuUse>(load.sample());
    EXPECT_DOUBLE_EQ(second.utilisation, 0.75);
    EXPECT_DOUBLE_EQ(second.busy_cpus(), 2.25);

    // Unchanged counters keep the last figure.
    auto third = std::get<CpuUse>(load.sample());
    EXPECT_DOUBLE_EQ(third.utilisation, 0.75);
}

TEST_F(ProcStatFile, MissingFileIsUnreachableAtStartAndProtocolLater) {
    ProcStatLoad load(path_.string());
    auto e = load.start();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, api::ErrorKind::unreachable);
    EXPECT_NE(e->message.find(path_.string()), std::string::npos);

    write("cpu 1 1 1 1\n");
    ASSERT_EQ(load.start(), std::nullopt);
    std::filesystem::remove(path_);
    auto sample = load.sample();
    ASSERT_TRUE(std::holds_alternative<api::DeviceError>(sample));
    EXPECT_EQ(std::get<api::DeviceError>(sample).kind, api::ErrorKind::protocol);
}

TEST_F(ProcStatFile, GarbageFileIsAnError) {
    write("not a stat file\n");
    ProcStatLoad load(path_.string());
    auto e = load.start();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, api::ErrorKind::unreachable);
}

}  // namespace
}  // namespace wattbench::drivers::sim
