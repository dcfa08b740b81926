#include "app/core/host/process_times.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

namespace wattbench::core::host {
namespace {

const std::string fixtures = std::string(WATTBENCH_TEST_DATA) + "/fixtures";

std::string stat_line(const std::string& name_and_rest) {
    return "4242 " + name_and_rest;
}

TEST(ProcessTimes, ParsesNameAndUserPlusSystemTicks) {
    const auto p = parse_process_stat(
        "23548 (cat) R 23541 23541 24216 0 -1 4194304 100 0 0 0 7 3 0 0 20 0 1 0 1228528 "
        "3133440 390 18446744073709551615 0 0 0\n");
    ASSERT_TRUE(p);
    EXPECT_EQ(p->pid, 23548);
    EXPECT_EQ(p->name, "cat");
    EXPECT_EQ(p->ticks, 10u);
    EXPECT_EQ(p->start_ticks, 1228528u);
}

TEST(ProcessTimes, NameMayHoldSpacesAndParentheses) {
    const auto p = parse_process_stat(
        stat_line("(Web (Content)) S 1 2 3 0 -1 0 0 0 0 0 5 6 0 0 20 0 1 0 777 0 0"));
    ASSERT_TRUE(p);
    EXPECT_EQ(p->name, "Web (Content)");
    EXPECT_EQ(p->ticks, 11u);
    EXPECT_EQ(p->start_ticks, 777u);
    const auto q =
        parse_process_stat(stat_line("() ) S 1 2 3 0 -1 0 0 0 0 0 1 1 0 0 20 0 1 0 777 0 0"));
    ASSERT_TRUE(q);
    EXPECT_EQ(q->name, ") ");
}

TEST(ProcessTimes, RefusesCutOrMalformedLines) {
    EXPECT_FALSE(parse_process_stat(""));
    EXPECT_FALSE(parse_process_stat("4242 (x) S 1 2 3 0 -1 0 0 0 0 0 5"));        // no stime
    EXPECT_FALSE(parse_process_stat("4242 (x) S 1 2 3 0 -1 0 0 0 0 0 5 6 0 0"));  // no starttime
    EXPECT_FALSE(parse_process_stat("4242 (x) S 1 2 3 0 -1 0 0 0 0 0 5x 6 0"));
    EXPECT_FALSE(parse_process_stat("4242 (x) S 1 2 3 0 -1 0 0 0 0 0 -5 6 0"));
    EXPECT_FALSE(parse_process_stat("pid (x) S 1 2 3 0 -1 0 0 0 0 0 5 6 0"));
    EXPECT_FALSE(parse_process_stat("4242 x S 1 2 3 0 -1 0 0 0 0 0 5 6 0"));
    EXPECT_FALSE(parse_process_stat("4242 (x"));
}

TEST(ProcessTimes, ReadsEveryNumericDirectoryOfAProcTree) {
    const auto all = read_process_times(fixtures + "/proc_before");
    ASSERT_EQ(all.size(), 5u);  // not "sys", not 999 (exited: no stat file)
    EXPECT_EQ(all[0].pid, 1);
    EXPECT_EQ(all[0].name, "systemd");
    EXPECT_EQ(all[0].ticks, 800u);
    EXPECT_EQ(all[1].pid, 42);
    EXPECT_EQ(all[4].pid, 400);
    EXPECT_TRUE(read_process_times("/nonexistent/wattbench").empty());
}

TEST(ProcessTimes, BusiestProcessesBetweenTwoReadings) {
    const auto before = read_process_times(fixtures + "/proc_before");
    const auto after = read_process_times(fixtures + "/proc_after");
    const auto top = busiest_processes(before, after, 1.0, 100.0, 3);
    ASSERT_EQ(top.size(), 3u);
    EXPECT_EQ(top[0].name, "stress-ng");
    EXPECT_EQ(top[0].pid, 42);
    EXPECT_DOUBLE_EQ(top[0].cpu_percent, 100.0);
    EXPECT_EQ(top[1].name, "make");  // started within the interval: all its time counts
    EXPECT_DOUBLE_EQ(top[1].cpu_percent, 40.0);
    EXPECT_EQ(top[2].name, "Web (Content)");
    EXPECT_DOUBLE_EQ(top[2].cpu_percent, 35.0);

    const auto all = busiest_processes(before, after, 2.0, 100.0, 10);
    ASSERT_EQ(all.size(), 4u);  // sshd used nothing
    EXPECT_EQ(all[3].name, "systemd");
    EXPECT_DOUBLE_EQ(all[3].cpu_percent, 0.5);
}

TEST(ProcessTimes, ReusedPidCountsAsANewProcess) {
    const std::vector<ProcessTimes> before{{7, "old", 1000, 50}};
    const std::vector<ProcessTimes> after{{7, "new", 20, 900}};
    const auto top = busiest_processes(before, after, 1.0, 100.0, 5);
    ASSERT_EQ(top.size(), 1u);
    EXPECT_EQ(top[0].name, "new");
    EXPECT_DOUBLE_EQ(top[0].cpu_percent, 20.0);
}

TEST(ProcessTimes, ARenamedProcessIsStillTheSameProcess) {
    // Kernel workers name themselves after their current work queue.
    const std::vector<ProcessTimes> before{{9, "kworker/u8:0-events", 5000, 10}};
    const std::vector<ProcessTimes> after{{9, "kworker/u8:0-flush-254:0", 5003, 10}};
    const auto top = busiest_processes(before, after, 1.0, 100.0, 5);
    ASSERT_EQ(top.size(), 1u);
    EXPECT_EQ(top[0].name, "kworker/u8:0-flush-254:0");
    EXPECT_DOUBLE_EQ(top[0].cpu_percent, 3.0);
}

TEST(ProcessTimes, ThisProcessIsFoundInProc) {
    const auto all = read_process_times();
    const int self = static_cast<int>(::getpid());
    EXPECT_TRUE(
        std::any_of(all.begin(), all.end(), [&](const ProcessTimes& p) { return p.pid == self; }));
}

}  // namespace
}  // namespace wattbench::core::host
