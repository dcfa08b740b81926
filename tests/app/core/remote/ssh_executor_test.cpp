// The ssh executor and a remote cpu load against an OpenSSH server started on loopback.
#include "app/core/remote/ssh_executor.hpp"

#include <gtest/gtest.h>
#include <signal.h>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <memory>
#include <thread>

#include "app/core/load/remote_load.hpp"
#include "app/core/remote/remote_target.hpp"
#include "app/core/remote/remote_util_device.hpp"
#include "tests/support/loopback_sshd.hpp"

namespace wattbench::core::remote {
namespace {

using testing::LoopbackSshd;
using namespace std::chrono_literals;

TEST(SshExecutor, ArgvPutsItsOwnOptionsFirstAndQuotesTheRemoteCommand) {
    profile::TargetSettings t;
    t.ssh = "bench@sut.example";
    t.port = 2222;
    t.identity_file = "/home/me/.ssh/id_wattbench";
    t.ssh_options = {"ProxyJump=gw", "BatchMode=no"};
    t.connect_timeout = 2500ms;
    const SshExecutor ssh(t);
    EXPECT_EQ(
        ssh.ssh_argv({"/opt/wb/wattbench", "load", "disk", "--path", "my dir/it's"}),
        (std::vector<std::string>{"ssh",
                                  "-T",
                                  "-o",
                                  "BatchMode=yes",
                                  "-o",
                                  "ConnectTimeout=3",
                                  "-o",
                                  "ServerAliveInterval=5",
                                  "-o",
                                  "ServerAliveCountMax=3",
                                  "-p",
                                  "2222",
                                  "-i",
                                  "/home/me/.ssh/id_wattbench",
                                  "-o",
                                  "IdentitiesOnly=yes",
                                  "-o",
                                  "ProxyJump=gw",
                                  "-o",
                                  "BatchMode=no",
                                  "--",
                                  "bench@sut.example",
                                  "exec /opt/wb/wattbench load disk --path 'my dir/it'\\''s'"}));
    EXPECT_EQ(ssh.destination(), "bench@sut.example:2222");
}

TEST(SshExecutor, SharedConnectionOptionsComeBeforeTheProfiles) {
    profile::TargetSettings t;
    t.ssh = "sut";
    t.ssh_options = {"ControlMaster=no"};
    SshExecutor ssh(t);
    ssh.set_control_path("/tmp/wattbench-ssh-x/%C");
    const auto argv = ssh.ssh_argv({"wattbench", "load", "probe"});
    const std::vector<std::string> mux{"-o", "ControlMaster=auto",
                                       "-o", "ControlPath=/tmp/wattbench-ssh-x/%C",
                                       "-o", "ControlPersist=no"};
    const auto at = std::search(argv.begin(), argv.end(), mux.begin(), mux.end());
    ASSERT_NE(at, argv.end());
    EXPECT_LT(at - argv.begin(),
              std::find(argv.begin(), argv.end(), "ControlMaster=no") - argv.begin());
}

TEST(SshExecutor, ShellQuoting) {
    EXPECT_EQ(SshExecutor::shell_quote("plain-word_1.0,x=y:z@h%"), "plain-word_1.0,x=y:z@h%");
    EXPECT_EQ(SshExecutor::shell_quote(""), "''");
    EXPECT_EQ(SshExecutor::shell_quote("a b"), "'a b'");
    EXPECT_EQ(SshExecutor::shell_quote("$(rm -rf /)"), "'$(rm -rf /)'");
    EXPECT_EQ(SshExecutor::shell_quote("it's"), "'it'\\''s'");
    EXPECT_EQ(SshExecutor::shell_quote("~/bin/wattbench"), "~/bin/wattbench");
    EXPECT_EQ(SshExecutor::shell_quote("~/my bin/wb"), "~/'my bin/wb'");
    EXPECT_EQ(SshExecutor::shell_quote("~user"), "'~user'");
}

TEST(SshExecutor, MissingSshClientIsAClearError) {
    profile::TargetSettings t;
    t.ssh = "host";
    const SshExecutor ssh(t, "/nonexistent/ssh");
    auto started = ssh.start({"true"});
    ASSERT_TRUE(std::holds_alternative<std::string>(started));
    EXPECT_NE(std::get<std::string>(started).find("cannot run '/nonexistent/ssh'"),
              std::string::npos);
}

class LoopbackSsh : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        if (LoopbackSshd::available()) {
            sshd_ = std::make_unique<LoopbackSshd>();
        }
    }
    static void TearDownTestSuite() { sshd_.reset(); }

    void SetUp() override {
        if (!sshd_) {
            GTEST_SKIP() << "no OpenSSH server at " << testing::sshd_program
                         << " (Debian package openssh-server)";
        }
        ASSERT_TRUE(sshd_->ready()) << sshd_->log();
    }

    // Every session has ended: no sshd child and no local ssh client naming our keys.
    static void expect_nothing_left() {
        std::vector<pid_t> left;
        for (int i = 0; i < 300; ++i) {
            left = sshd_->sessions();
            for (pid_t p : LoopbackSshd::processes_mentioning(sshd_->dir() + "/user_key")) {
                left.push_back(p);
            }
            if (left.empty()) {
                return;
            }
            std::this_thread::sleep_for(10ms);
        }
        ADD_FAILURE() << left.size() << " process(es) of the ssh session survived, first pid "
                      << left.front();
    }

    static std::unique_ptr<LoopbackSshd> sshd_;
};
std::unique_ptr<LoopbackSshd> LoopbackSsh::sshd_;

TEST_F(LoopbackSsh, RunsACommandAndReturnsItsOutputAndStatus) {
    const SshExecutor ssh(sshd_->target());
    const auto r =
        ssh.run({"sh", "-c", "echo \"$1\"; echo oops >&2; exit 3", "sh", "it's a $HOME"}, 20s);
    EXPECT_FALSE(r.timed_out);
    EXPECT_EQ(r.exit_status, 3);
    EXPECT_EQ(r.out, "it's a $HOME\n");
    EXPECT_NE(r.err.find("oops"), std::string::npos) << r.err;
    expect_nothing_left();
}

TEST_F(LoopbackSsh, AuthenticationFailureIsSshErrorWithItsMessage) {
    const SshExecutor ssh(sshd_->target("stranger_key"));
    const auto r = ssh.run({"true"}, 20s);
    EXPECT_EQ(r.exit_status, 255);
    EXPECT_NE(r.err.find("Permission denied"), std::string::npos) << r.err;
}

TEST_F(LoopbackSsh, ClosingStdinEndsTheRemoteCommand) {
    const SshExecutor ssh(sshd_->target());
    auto started = ssh.start({"cat"});
    ASSERT_TRUE(std::holds_alternative<std::unique_ptr<SshSession>>(started));
    auto session = std::move(std::get<std::unique_ptr<SshSession>>(started));
    std::this_thread::sleep_for(300ms);
    EXPECT_FALSE(session->exited());
    session->close_stdin();
    EXPECT_TRUE(session->wait_exit(SshSession::Clock::now() + 10s));
    EXPECT_EQ(session->exit_status(), 0);
    expect_nothing_left();
}

TEST_F(LoopbackSsh, TerminateEndsASessionThatIgnoresStdin) {
    const SshExecutor ssh(sshd_->target());
    auto started = ssh.start({"sh", "-c", "trap '' TERM; exec sleep 3"});
    ASSERT_TRUE(std::holds_alternative<std::unique_ptr<SshSession>>(started));
    auto session = std::move(std::get<std::unique_ptr<SshSession>>(started));
    const pid_t pid = session->pid();
    std::this_thread::sleep_for(300ms);
    const auto t0 = SshSession::Clock::now();
    session->terminate(200ms);
    EXPECT_LT(SshSession::Clock::now() - t0, 3s);
    EXPECT_TRUE(session->exited());
    EXPECT_NE(::kill(-pid, 0), 0) << "the local ssh process group is still there";
}

TEST_F(LoopbackSsh, ProbeReadsTheTargetsTopology) {
    auto t = sshd_->target();
    t.wattbench = WATTBENCH_BIN;
    RemoteTarget target(t);
    ASSERT_EQ(target.probe(), std::nullopt);
    EXPECT_FALSE(target.info().version.empty());
    EXPECT_EQ(target.info().topology.cpus.size(),
              static_cast<std::size_t>(::sysconf(_SC_NPROCESSORS_ONLN)));
    EXPECT_FALSE(target.info().allowed_cpus.empty());
    const auto& facts = target.info().facts;
    EXPECT_TRUE(std::any_of(facts.begin(), facts.end(),
                            [](const auto& f) { return f.first == "hostname"; }));
    expect_nothing_left();
}

TEST_F(LoopbackSsh, ProbeFailuresNameTheTargetAndTheCause) {
    auto t = sshd_->target("stranger_key");
    t.wattbench = WATTBENCH_BIN;
    const std::string who =
        "target '" + LoopbackSshd::user() + "@127.0.0.1:" + std::to_string(sshd_->port()) + "'";
    auto err = RemoteTarget(t).probe();
    ASSERT_TRUE(err);
    EXPECT_EQ(err->rfind(who + ": ssh could not connect or log in: ", 0), 0u) << *err;
    EXPECT_NE(err->find("Permission denied (publickey)"), std::string::npos) << *err;

    t = sshd_->target();
    t.wattbench = "/nonexistent/wattbench";
    err = RemoteTarget(t).probe();
    ASSERT_TRUE(err);
    EXPECT_EQ(err->rfind(who + ": cannot run '/nonexistent/wattbench' there (", 0), 0u) << *err;

    t.wattbench = "/bin/echo";  // runs, but speaks no load protocol
    err = RemoteTarget(t).probe();
    ASSERT_TRUE(err);
    EXPECT_NE(err->find("answered something else than wattbench's load protocol"),
              std::string::npos)
        << *err;
    expect_nothing_left();
}

TEST_F(LoopbackSsh, RemoteCpuLoadRunsThereAndStopsWithoutLeftovers) {
    auto t = sshd_->target();
    t.wattbench = WATTBENCH_BIN;
    auto target = std::make_shared<RemoteTarget>(t);
    ASSERT_EQ(target->probe(), std::nullopt);

    RemoteUtilDevice util(target, {0}, 200ms);
    ASSERT_EQ(util.open(), std::nullopt);
    load::RemoteLoadSettings s;
    s.args = {"cpu", "--workers", "1", "--cpus", "0"};
    s.cpus = {0};
    s.description = "1 busy CPU thread";
    load::RemoteLoad load(target, s);
    const auto t0 = std::chrono::steady_clock::now();
    ASSERT_EQ(load.start(), std::nullopt);
    const auto started_in = std::chrono::steady_clock::now() - t0;
    EXPECT_GT(load.ssh_pid(), 0);
    util.poll({});  // drops what was measured before the load ran
    std::this_thread::sleep_for(1500ms);
    const auto r = util.poll({});
    ASSERT_EQ(r.error, std::nullopt);
    ASSERT_EQ(r.readings.size(), 2u);  // cpu_util, cpu0_util
    ASSERT_EQ(r.readings[1].status, drivers::api::Status::ok);
    // The worker keeps CPU 0 busy (whatever else runs, it is busy at least as much).
    EXPECT_GT(r.readings[1].value, 90.0);
    const auto t1 = std::chrono::steady_clock::now();
    load.stop();
    const auto stopped_in = std::chrono::steady_clock::now() - t1;
    EXPECT_EQ(load.failure(), "");
    EXPECT_EQ(load.exited(), std::nullopt);
    util.close();
    expect_nothing_left();
    RecordProperty("start_ms",
                   static_cast<int>(
                       std::chrono::duration_cast<std::chrono::milliseconds>(started_in).count()));
    RecordProperty("stop_ms",
                   static_cast<int>(
                       std::chrono::duration_cast<std::chrono::milliseconds>(stopped_in).count()));
}

TEST_F(LoopbackSsh, LosingTheTargetMidPhaseEndsThePhaseAsFailed) {
    auto t = sshd_->target();
    t.wattbench = WATTBENCH_BIN;
    auto target = std::make_shared<RemoteTarget>(t);
    load::RemoteLoadSettings s;
    s.args = {"cpu", "--workers", "1", "--intensity", "10"};
    load::RemoteLoad load(target, s);
    std::atomic<int> woken{0};
    load.set_wake([&] { ++woken; });
    ASSERT_EQ(load.start(), std::nullopt);
    // The remote end dies as with a crash or a power cut of the target.
    pid_t remote = 0;
    for (pid_t p : sshd_->sessions()) {
        std::ifstream in("/proc/" + std::to_string(p) + "/cmdline");
        std::string cmdline(std::istreambuf_iterator<char>(in), {});
        if (cmdline.find("load") != std::string::npos && cmdline.find("cpu") != std::string::npos) {
            remote = p;
        }
    }
    ASSERT_GT(remote, 0);
    ::kill(remote, SIGKILL);
    for (int i = 0; i < 500 && !load.exited(); ++i) {
        std::this_thread::sleep_for(10ms);
    }
    ASSERT_TRUE(load.exited());
    EXPECT_TRUE(load.exited()->fail);
    EXPECT_NE(load.exited()->message.find("the remote load on '"), std::string::npos)
        << load.exited()->message;
    EXPECT_EQ(woken.load(), 1);
    load.stop();
    expect_nothing_left();
}

TEST_F(LoopbackSsh, LoadFailingThereIsReportedBeforeThePhase) {
    auto t = sshd_->target();
    t.wattbench = WATTBENCH_BIN;
    auto target = std::make_shared<RemoteTarget>(t);
    load::RemoteLoadSettings s;
    // A file larger than the space allowed: the disk load refuses to start on the target.
    s.args = {"disk",        "--path", sshd_->dir() + "/disk", "--file-size", "2MiB",
              "--max-space", "1MiB"};
    load::RemoteLoad load(target, s);
    const auto err = load.start();
    ASSERT_TRUE(err);
    EXPECT_NE(err->find("target '"), std::string::npos) << *err;
    expect_nothing_left();
}

}  // namespace
}  // namespace wattbench::core::remote
