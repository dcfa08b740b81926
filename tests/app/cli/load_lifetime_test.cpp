// End-to-end: nothing a load started outlives the wattbench that started it. `wattbench run`
// and `wattbench load` (the far end of a remote target) are killed or cut off mid-load, and the
// load's process group must be gone within a bounded time.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

#include "tests/support/loopback_sshd.hpp"
#include "tests/support/process_group.hpp"
#include "tests/support/run_program.hpp"

namespace wattbench::cli {
namespace {

namespace fs = std::filesystem;
namespace t = wattbench::testing;
using namespace std::chrono_literals;

constexpr auto limit = 10s;

// The process group of the child of `parent` that runs `comm` (the watchdog is a child too).
pid_t child_group(pid_t parent, const std::string& comm) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < deadline) {
        for (const auto& c : t::children_of(parent)) {
            if (c.comm == comm) {
                return c.pgrp;
            }
        }
        std::this_thread::sleep_for(10ms);
    }
    return 0;
}

class LoadLifetime : public ::testing::Test {
protected:
    void SetUp() override {
        t::adopt_orphans();
        dir_ = fs::temp_directory_path() /
               ("wb-lifetime-" + std::to_string(::getpid()) + "-" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    void start(t::PipedProgram& p, std::vector<std::string> args, bool pipe_in = false) const {
        args.insert(args.begin(), WATTBENCH_BIN);
        t::start_piped(p, std::move(args), pipe_in, (dir_ / "stderr").string());
        ASSERT_GT(p.pid, 0);
    }
    std::string err() const { return t::read_whole(dir_ / "stderr"); }

    // A `wattbench load command` running a shell with two children of its own; returns the
    // shell's process group once all three run.
    pid_t start_supervised(t::PipedProgram& p) const {
        start(p, {"load", "command", "--", "/bin/sh", "-c", "sleep 300 & sleep 300; wait"});
        const pid_t pgid = child_group(p.pid, "sh");
        EXPECT_GT(pgid, 0) << err();
        EXPECT_TRUE(t::wait_for_members(pgid, 3, limit));
        return pgid;
    }

    fs::path dir_;
};

TEST_F(LoadLifetime, LoadCommandEndsItsGroupWhenTheSessionsReaderGoes) {
    t::PipedProgram p;
    const pid_t pgid = start_supervised(p);
    ASSERT_GT(pgid, 0);
    p.close_out();  // what the end of the ssh session looks like from the target
    EXPECT_EQ(p.wait(limit), 128 + SIGTERM) << err();
    EXPECT_TRUE(t::group_gone_within(pgid, limit)) << "group " << pgid << " survived the session";
}

TEST_F(LoadLifetime, LoadCommandKilledTakesItsGroupAlong) {
    t::PipedProgram p;
    const pid_t pgid = start_supervised(p);
    ASSERT_GT(pgid, 0);
    ASSERT_EQ(::kill(p.pid, SIGKILL), 0);
    EXPECT_EQ(p.wait(limit), 128 + SIGKILL);
    EXPECT_TRUE(t::group_gone_within(pgid, limit))
        << "group " << pgid << " outlived the killed `wattbench load command`";
}

TEST_F(LoadLifetime, LoadIdleStopsWhenItsStdinClosesOrItsReaderGoes) {
    for (const bool close_stdin : {true, false}) {
        SCOPED_TRACE(close_stdin ? "stdin closed" : "stdout's reader gone");
        t::PipedProgram p;
        start(p, {"load", "idle", "--interval", "100ms"}, true);
        const auto hello = p.read_line(limit);
        ASSERT_TRUE(hello) << err();
        if (close_stdin) {
            p.close_in();
        } else {
            p.close_out();
        }
        EXPECT_EQ(p.wait(limit), 0) << err();
    }
}

// The `wattbench run` of a command phase, killed during its window.
TEST_F(LoadLifetime, KilledRunLeavesNoCommandBehind) {
    const auto profile = dir_ / "command.toml";
    std::ofstream(profile) << "[run]\nname = \"killed\"\ninterval = \"200ms\"\n"
                              "[[device]]\nid = \"w\"\ndriver = \"sim\"\n"
                              "connection = \"sim://wattmeter\"\n"
                              "[[phase]]\nname = \"model\"\nload = \"command\"\n"
                              "command = [\"/bin/sh\", \"-c\", \"sleep 300 & sleep 300; wait\"]\n";
    t::PipedProgram p;
    start(p, {"run", profile.string(), "--out", (dir_ / "run").string(), "--warmup", "0s",
              "--window", "60s"});
    const pid_t pgid = child_group(p.pid, "sh");
    ASSERT_GT(pgid, 0) << err();
    ASSERT_TRUE(t::wait_for_members(pgid, 3, limit));
    ASSERT_EQ(::kill(p.pid, SIGKILL), 0);
    EXPECT_EQ(p.wait(limit), 128 + SIGKILL);
    EXPECT_TRUE(t::group_gone_within(pgid, limit))
        << "the command phase's group " << pgid
        << " outlived the killed run: " << t::group_members(pgid).size() << " member(s) left";
}

// The same with the command on a remote target: the local ssh goes, so the session drops and
// the target's supervisor ends the command there.
TEST_F(LoadLifetime, KilledRunEndsItsRemoteCommandToo) {
    if (!t::LoopbackSshd::available()) {
        GTEST_SKIP() << "no OpenSSH server at " << t::sshd_program;
    }
    t::LoopbackSshd sshd;
    ASSERT_TRUE(sshd.ready()) << sshd.log();
    const std::string seconds = "3" + std::to_string(::getpid() % 100000);
    const std::string marker = "sleep " + seconds;
    const auto profile = dir_ / "remote.toml";
    std::ofstream(profile) << "[run]\nname = \"killed\"\ninterval = \"500ms\"\n\n[target]\nssh = \""
                           << t::LoopbackSshd::user() << "@127.0.0.1\"\nport = " << sshd.port()
                           << "\nidentity_file = \"" << sshd.dir() << "/user_key\"\n"
                           << "ssh_options = [\"StrictHostKeyChecking=no\", "
                              "\"UserKnownHostsFile=/dev/null\", \"LogLevel=ERROR\"]\n"
                           << "wattbench = \"" << WATTBENCH_BIN << "\"\n\n"
                           << "[[phase]]\nname = \"model\"\nload = \"command\"\nshell = true\n"
                           << "command = [\"" << marker << " & " << marker << "; wait\"]\n";
    t::PipedProgram p;
    start(p, {"run", profile.string(), "--out", (dir_ / "run").string(), "--warmup", "0s",
              "--window", "60s"});
    std::vector<pid_t> remote;
    const auto deadline = std::chrono::steady_clock::now() + 20s;
    while (remote.size() < 2 && std::chrono::steady_clock::now() < deadline) {
        remote.clear();
        for (const pid_t r : t::processes_mentioning(seconds)) {
            if (t::proc_stat(r) && t::proc_stat(r)->comm == "sleep") {
                remote.push_back(r);
            }
        }
        std::this_thread::sleep_for(20ms);
    }
    ASSERT_EQ(remote.size(), 2u) << err();
    ASSERT_EQ(::kill(p.pid, SIGKILL), 0);
    EXPECT_EQ(p.wait(limit), 128 + SIGKILL);
    for (const pid_t r : remote) {
        EXPECT_TRUE(t::process_gone_within(r, limit)) << "remote " << marker << " " << r;
    }
    std::vector<pid_t> left;
    for (int i = 0; i < 500; ++i) {
        left = t::descendants(sshd.pid());
        for (const pid_t c : t::processes_mentioning(sshd.dir() + "/user_key")) {
            left.push_back(c);
        }
        if (left.empty()) {
            break;
        }
        std::this_thread::sleep_for(20ms);
    }
    EXPECT_TRUE(left.empty()) << left.size() << " ssh process(es) survived, first pid "
                              << left.front();
}

}  // namespace
}  // namespace wattbench::cli
