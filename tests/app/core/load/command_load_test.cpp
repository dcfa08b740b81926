#include "app/core/load/command_load.hpp"

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

namespace wattbench::core::load {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

class CommandLoadTest : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() /
               ("wattbench-command-test-" + std::to_string(::getpid()) + "-" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    CommandLoadSettings settings(std::vector<std::string> command) const {
        CommandLoadSettings s;
        s.command = std::move(command);
        s.log_path = (dir_ / "logs" / "model.log").string();
        s.grace = 500ms;
        return s;
    }
    std::string log() const {
        std::ifstream in(dir_ / "logs" / "model.log");
        std::stringstream t;
        t << in.rdbuf();
        return t.str();
    }
    // Bounded wait for a file to appear; only keeps a broken build from hanging.
    static void wait_for_file(const fs::path& p) {
        for (int i = 0; i < 1000 && !fs::exists(p); ++i) {
            std::this_thread::sleep_for(5ms);
        }
    }

    fs::path dir_;
};

TEST_F(CommandLoadTest, AGrandchildIsGoneWhenStopReturns) {
    const auto marker = dir_ / "grandchild.pid";
    fs::create_directories(dir_);
    // The child forks a grandchild that ignores SIGTERM and records its pid, then waits.
    CommandLoad load(settings({"/bin/sh", "-c",
                               "sh -c 'trap \"\" TERM; echo $$ > " + marker.string() +
                                   "; while :; do sleep 1; done' & wait"}));
    ASSERT_FALSE(load.start());
    const pid_t pgid = load.process_group();
    ASSERT_GT(pgid, 0);
    wait_for_file(marker);
    pid_t grandchild = 0;
    for (int i = 0; i < 200 && grandchild == 0; ++i) {
        std::ifstream(marker) >> grandchild;
        std::this_thread::sleep_for(5ms);
    }
    ASSERT_GT(grandchild, 0);
    EXPECT_EQ(::kill(grandchild, 0), 0);
    load.stop();
    EXPECT_NE(::kill(grandchild, 0), 0) << "grandchild " << grandchild << " survived";
    EXPECT_NE(::kill(-pgid, 0), 0) << "process group " << pgid << " survived";
}

TEST_F(CommandLoadTest, OutputGoesToThePhaseLogAndTheScoreIsTheLastMatch) {
    auto s =
        settings({"echo 'Requests/sec: 1200.5'; echo 'Requests/sec:  1234.25'; "
                  "echo \"$WB_TEST_VAR in $(pwd)\"; sleep 30"});
    s.options.shell = true;
    s.options.env = {{"WB_TEST_VAR", "hello"}};
    fs::create_directories(dir_ / "work");
    s.options.cwd = (dir_ / "work").string();
    s.options.score_regex = R"(Requests/sec:\s+([0-9.]+))";
    s.options.score_unit = "req/s";
    CommandLoad load(s);
    ASSERT_FALSE(load.start());
    for (int i = 0; i < 1000 && log().find("hello in") == std::string::npos; ++i) {
        std::this_thread::sleep_for(5ms);
    }
    load.stop();
    const auto text = log();
    EXPECT_NE(text.find("hello in " + (dir_ / "work").string()), std::string::npos) << text;
    const auto score = load.score();
    ASSERT_TRUE(score);
    EXPECT_DOUBLE_EQ(score->value, 1234.25);
    EXPECT_EQ(score->unit, "req/s");
}

TEST_F(CommandLoadTest, SetupAndTeardownRunAroundTheCommand) {
    auto s = settings({"sleep", "30"});
    s.options.setup = {"/bin/sh", "-c", "echo set-up-ran"};
    s.options.teardown = {"/bin/sh", "-c", "echo torn-down"};
    CommandLoad load(s);
    ASSERT_FALSE(load.start());
    load.stop();
    const auto text = log();
    const auto a = text.find("set-up-ran");
    const auto b = text.find("torn-down");
    ASSERT_NE(a, std::string::npos) << text;
    ASSERT_NE(b, std::string::npos) << text;
    EXPECT_LT(a, b);
}

TEST_F(CommandLoadTest, AFailingSetupOrAMissingProgramRefusesToStart) {
    auto s = settings({"sleep", "30"});
    s.options.setup = {"false"};
    CommandLoad bad_setup(s);
    const auto err = bad_setup.start();
    ASSERT_TRUE(err);
    EXPECT_EQ(*err, "setup 'false' failed (exit status 1); its output is in " + s.log_path);
    CommandLoad missing(settings({"/nonexistent/wattbench-program"}));
    const auto err2 = missing.start();
    ASSERT_TRUE(err2);
    EXPECT_NE(err2->find("No such file or directory"), std::string::npos) << *err2;
}

TEST_F(CommandLoadTest, OnExitFailAndEndPhaseReportTheExit) {
    for (const auto on_exit : {profile::OnExit::fail, profile::OnExit::end_phase}) {
        auto s = settings({"/bin/sh", "-c", "exit 3"});
        s.options.on_exit = on_exit;
        CommandLoad load(s);
        std::atomic<int> woken{0};
        load.set_wake([&] { ++woken; });
        ASSERT_FALSE(load.start());
        for (int i = 0; i < 1000 && !load.exited(); ++i) {
            std::this_thread::sleep_for(5ms);
        }
        const auto e = load.exited();
        ASSERT_TRUE(e);
        EXPECT_EQ(e->fail, on_exit == profile::OnExit::fail);
        EXPECT_EQ(e->message, "the command exited (exit status 3); its output is in " + s.log_path);
        EXPECT_EQ(woken.load(), 1);
        load.stop();
    }
}

TEST_F(CommandLoadTest, RestartKeepsTheCommandRunning) {
    const auto count = dir_ / "runs";
    fs::create_directories(dir_);
    auto s = settings({"/bin/sh", "-c", "echo run >> " + count.string()});
    CommandLoad load(s);
    ASSERT_FALSE(load.start());
    for (int i = 0; i < 600; ++i) {
        std::ifstream in(count);
        std::string line;
        int n = 0;
        while (std::getline(in, line)) {
            ++n;
        }
        if (n >= 2) {
            break;
        }
        std::this_thread::sleep_for(5ms);
    }
    load.stop();
    EXPECT_FALSE(load.exited());
    std::ifstream in(count);
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
        ++n;
    }
    EXPECT_GE(n, 2);
}

}  // namespace
}  // namespace wattbench::core::load
