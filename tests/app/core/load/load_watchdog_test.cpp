// What wattbench starts dies with it: the owner of a load is SIGKILLed (load_owner_helper
// stands for wattbench) and nothing of the load's process group may remain.
#include "app/core/load/load_watchdog.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/core/load/command_load.hpp"
#include "tests/support/process_group.hpp"

namespace wattbench::core::load {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using wattbench::testing::PipedProgram;

// A shell in the group's lead with two children of its own: the grandchildren are what
// PR_SET_PDEATHSIG on the direct child would never reach.
const std::string workload = "sleep 300 & sleep 300; wait";

std::size_t open_fds() {
    std::size_t n = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator("/proc/self/fd")) {
        ++n;
    }
    return n;
}

std::string comm_of(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/comm");
    std::string s;
    std::getline(in, s);
    return s;
}

class LoadWatchdogTest : public ::testing::Test {
protected:
    void SetUp() override {
        wattbench::testing::adopt_orphans();
        dir_ = fs::temp_directory_path() /
               ("wattbench-watchdog-test-" + std::to_string(::getpid()) + "-" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    void start_helper(PipedProgram& p, std::vector<std::string> args) const {
        args.insert(args.begin(), LOAD_OWNER_HELPER);
        wattbench::testing::start_piped(p, std::move(args), false, (dir_ / "stderr").string());
    }
    std::string helper_err() const {
        std::ifstream in(dir_ / "stderr");
        return std::string((std::istreambuf_iterator<char>(in)), {});
    }

    fs::path dir_;
};

TEST_F(LoadWatchdogTest, KillingTheOwnerEndsTheCommandsWholeGroup) {
    PipedProgram owner;
    start_helper(owner, {"command", (dir_ / "model.log").string(), "/bin/sh", "-c", workload});
    ASSERT_GT(owner.pid, 0);
    const auto line = owner.read_line(10s);
    ASSERT_TRUE(line) << helper_err();
    pid_t pgid = 0;
    pid_t watchdog = 0;
    std::istringstream(*line) >> pgid >> watchdog;
    ASSERT_GT(pgid, 0) << *line;
    ASSERT_GT(watchdog, 0) << *line;
    // sh and both sleeps run, though the thread that started them has ended.
    ASSERT_TRUE(wattbench::testing::wait_for_members(pgid, 3, 10s))
        << wattbench::testing::group_members(pgid).size() << " member(s) in group " << pgid;
    ASSERT_EQ(::kill(owner.pid, SIGKILL), 0);
    EXPECT_EQ(owner.wait(10s), 128 + SIGKILL);
    EXPECT_TRUE(wattbench::testing::group_gone_within(pgid, 10s))
        << "process group " << pgid
        << " outlived its owner: " << wattbench::testing::group_members(pgid).size()
        << " member(s) left";
    EXPECT_TRUE(wattbench::testing::process_gone_within(watchdog, 10s))
        << "watchdog " << watchdog << " stayed";
}

TEST_F(LoadWatchdogTest, KillingTheOwnerEndsTheSshClientsGroup) {
    // Stands for ssh: what it runs here must not outlive wattbench either (a ProxyCommand).
    const auto fake_ssh = dir_ / "fake-ssh";
    std::ofstream(fake_ssh) << "#!/bin/sh\n" << workload << "\n";
    fs::permissions(fake_ssh, fs::perms::owner_all);
    PipedProgram owner;
    start_helper(owner, {"ssh", fake_ssh.string()});
    ASSERT_GT(owner.pid, 0);
    const auto line = owner.read_line(10s);
    ASSERT_TRUE(line) << helper_err();
    const pid_t pgid = std::stoi(*line);
    ASSERT_GT(pgid, 0);
    ASSERT_TRUE(wattbench::testing::wait_for_members(pgid, 3, 10s));
    ASSERT_EQ(::kill(owner.pid, SIGKILL), 0);
    EXPECT_EQ(owner.wait(10s), 128 + SIGKILL);
    EXPECT_TRUE(wattbench::testing::group_gone_within(pgid, 10s))
        << "the ssh client's group " << pgid << " outlived its owner";
}

TEST_F(LoadWatchdogTest, AStoppedLoadLeavesNoWatchdogNorDescriptorBehind) {
    const auto fds_before = open_fds();
    CommandLoadSettings s;
    s.command = {"/bin/sh", "-c", workload};
    s.log_path = (dir_ / "model.log").string();
    s.grace = 500ms;
    CommandLoad load(s);
    ASSERT_EQ(load.start(), std::nullopt);
    const pid_t watchdog = load.watchdog_pid();
    ASSERT_GT(watchdog, 0);
    EXPECT_EQ(::kill(watchdog, 0), 0);
    EXPECT_EQ(comm_of(watchdog), "wb-watchdog");
    const auto watchdog_stat = wattbench::testing::proc_stat(watchdog);
    ASSERT_TRUE(watchdog_stat);
    EXPECT_EQ(watchdog_stat->pgrp, watchdog) << "stop() ending the load's group would end it";
    const pid_t pgid = load.process_group();
    load.stop();
    EXPECT_EQ(load.watchdog_pid(), 0);
    errno = 0;
    EXPECT_NE(::kill(watchdog, 0), 0);
    EXPECT_EQ(errno, ESRCH) << "watchdog " << watchdog << " is still there (or a zombie)";
    EXPECT_NE(::kill(-pgid, 0), 0);
    EXPECT_EQ(open_fds(), fds_before);
    // And again: a load started twice gets a fresh watchdog.
    ASSERT_EQ(load.start(), std::nullopt);
    EXPECT_GT(load.watchdog_pid(), 0);
    load.stop();
    EXPECT_EQ(open_fds(), fds_before);
}

// A child of ours in a group of its own, enrolled with `w` the way CommandLoad's are.
pid_t spawn_enrolled(const LoadWatchdog& w, const char* script) {
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::setpgid(0, 0);
        w.enroll_from_child();
        ::execl("/bin/sh", "sh", "-c", script, static_cast<char*>(nullptr));
        ::_exit(127);
    }
    ::setpgid(pid, pid);
    return pid;
}

TEST_F(LoadWatchdogTest, StoppingEndsWhatIsStillWatchedAndSparesWhatWasForgotten) {
    LoadWatchdog w(200ms);
    ASSERT_EQ(w.start(), std::nullopt);
    const pid_t watched = spawn_enrolled(w, "exec sleep 300");
    const pid_t stubborn = spawn_enrolled(w, "trap '' TERM; exec sleep 300");
    const pid_t forgotten = spawn_enrolled(w, "exec sleep 300");
    // Once each runs sleep, its enrollment is in: the forget cannot overtake it.
    for (const pid_t p : {watched, stubborn, forgotten}) {
        for (int i = 0; i < 500 && comm_of(p) != "sleep"; ++i) {
            std::this_thread::sleep_for(10ms);
        }
        ASSERT_EQ(comm_of(p), "sleep");
    }
    w.forget(forgotten);
    w.stop();
    int status = 0;
    ASSERT_EQ(::waitpid(watched, &status, 0), watched);
    ASSERT_TRUE(WIFSIGNALED(status));
    EXPECT_EQ(WTERMSIG(status), SIGTERM);
    ASSERT_EQ(::waitpid(stubborn, &status, 0), stubborn);
    ASSERT_TRUE(WIFSIGNALED(status));
    EXPECT_EQ(WTERMSIG(status), SIGKILL) << "ignoring SIGTERM must not save it past the grace";
    EXPECT_EQ(::waitpid(forgotten, &status, WNOHANG), 0) << "a forgotten group was ended";
    ::kill(forgotten, SIGKILL);
    ::waitpid(forgotten, nullptr, 0);
}

}  // namespace
}  // namespace wattbench::core::load
