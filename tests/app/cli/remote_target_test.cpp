// End-to-end: `wattbench run` with a [target] reached over ssh, against an OpenSSH server the
// test starts on loopback; the target's wattbench is the binary under test.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "tests/support/loopback_sshd.hpp"
#include "tests/support/run_program.hpp"

namespace wattbench::cli {
namespace {

namespace fs = std::filesystem;
using wattbench::testing::LoopbackSshd;
using namespace std::chrono_literals;

using Result = wattbench::testing::ProgramResult;

Result run_wattbench(const fs::path& dir, std::vector<std::string> args) {
    args.insert(args.begin(), WATTBENCH_BIN);
    return wattbench::testing::run_program(std::move(args), dir);
}

class RemoteTarget : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        if (LoopbackSshd::available()) {
            sshd_ = std::make_unique<LoopbackSshd>();
        }
    }
    static void TearDownTestSuite() { sshd_.reset(); }

    void SetUp() override {
        if (!sshd_) {
            GTEST_SKIP() << "no OpenSSH server at " << wattbench::testing::sshd_program
                         << " (Debian package openssh-server)";
        }
        ASSERT_TRUE(sshd_->ready()) << sshd_->log();
        dir_ = fs::path(sshd_->dir()) /
               ::testing::UnitTest::GetInstance()->current_test_info()->name();
        fs::create_directories(dir_);
    }

    std::string profile(const std::string& target_extra, const std::string& key = "user_key") {
        std::ostringstream p;
        p << "[run]\nname = \"remote\"\ninterval = \"500ms\"\nwarmup = \"1s\"\nwindow = \"3s\"\n\n"
          << "[target]\nssh = \"" << LoopbackSshd::user()
          << "@127.0.0.1\"\nport = " << sshd_->port() << "\nidentity_file = \"" << sshd_->dir()
          << "/" << key << "\"\n"
          << "ssh_options = [\"StrictHostKeyChecking=no\", \"UserKnownHostsFile=/dev/null\", "
             "\"LogLevel=ERROR\"]\nwattbench = \""
          << WATTBENCH_BIN << "\"\n"
          << target_extra << "\n[[phase]]\nname = \"cpu-{n}\"\nload = \"cpu\"\nworkers = [2]\n";
        const auto path = dir_ / "profile.toml";
        std::ofstream(path) << p.str();
        return path.string();
    }

    // Nothing of the run's ssh sessions is left: no local ssh client with our keys, no sshd
    // session process, no remote `wattbench load` under it.
    static std::vector<pid_t> leftovers() {
        std::vector<pid_t> left;
        for (int i = 0; i < 300; ++i) {
            left = sshd_->sessions();
            for (pid_t p : LoopbackSshd::processes_mentioning(sshd_->dir() + "/user_key")) {
                left.push_back(p);
            }
            if (left.empty()) {
                break;
            }
            std::this_thread::sleep_for(10ms);
        }
        return left;
    }

    static std::unique_ptr<LoopbackSshd> sshd_;
    fs::path dir_;
};
std::unique_ptr<LoopbackSshd> RemoteTarget::sshd_;

TEST_F(RemoteTarget, CpuPhaseRunsOnTheTargetAndItsUtilisationIsRecorded) {
    const auto out = dir_ / "run";
    const auto r = run_wattbench(dir_, {"run", profile(""), "--out", out.string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;

    std::ifstream in(out / "manifest.json");
    const auto m = nlohmann::json::parse(in);
    const auto& target = m.at("target");
    EXPECT_EQ(target.at("remote"), true);
    EXPECT_EQ(target.at("ssh"), LoopbackSshd::user() + "@127.0.0.1");
    EXPECT_EQ(target.at("port"), sshd_->port());
    EXPECT_FALSE(target.at("version").get<std::string>().empty());
    EXPECT_TRUE(target.at("topology").at("cpus").is_array());
    EXPECT_FALSE(m.at("host").contains("topology"));
    const auto& host = m.at("devices").back();
    EXPECT_EQ(host.at("id"), "host");
    EXPECT_EQ(host.at("driver"), "wattbench-remote-cpu-util");
    EXPECT_EQ(host.at("connection"),
              "ssh://" + LoopbackSshd::user() + "@127.0.0.1:" + std::to_string(sshd_->port()));

    const auto& phase = m.at("phases").at(0);
    EXPECT_EQ(phase.at("name"), "cpu-2");
    EXPECT_EQ(phase.at("status"), "done");
    EXPECT_EQ(phase.at("target_cpu_util"), 100.0);
    // Two workers on a 2-CPU CI machine: both CPUs busy (within 10 points of the target).
    ASSERT_TRUE(phase.at("achieved_cpu_util").is_number()) << phase.dump();
    EXPECT_GT(phase.at("achieved_cpu_util").get<double>(), 90.0) << phase.dump();
    EXPECT_TRUE(phase.at("flags").empty()) << phase.dump();

    const std::string phases = wattbench::testing::read_whole(out / "phases.csv");
    EXPECT_NE(phases.find("cpu-2,cpu,host,cpu_util,%,"), std::string::npos) << phases;
    const std::string events = wattbench::testing::read_whole(out / "events.log");
    EXPECT_NE(events.find("load: on " + LoopbackSshd::user() + "@127.0.0.1:"), std::string::npos)
        << events;
    EXPECT_EQ(events.find("WARN"), std::string::npos) << events;

    const auto left = leftovers();
    EXPECT_TRUE(left.empty()) << left.size() << " process(es) survived the run, first pid "
                              << left.front();
}

TEST_F(RemoteTarget, CommandPhaseRunsThereAndLeavesNothingBehind) {
    std::string text = wattbench::testing::read_whole(profile(""));
    text = text.substr(0, text.find("[[phase]]")) +
           "[[phase]]\nname = \"model\"\nload = \"command\"\nshell = true\n"
           "env = { GREETING = \"it's me\" }\ncwd = \"/tmp\"\n"
           "setup = [\"echo setup in $(pwd)\"]\n"
           "command = [\"echo \\\"$GREETING\\\"; echo 'rate 42.5 req/s'; sh -c 'sleep 9871' & "
           "exec sleep 9872\"]\n"
           "teardown = [\"echo teardown\"]\n"
           "score = { regex = \"rate ([0-9.]+)\", unit = \"req/s\" }\n";
    std::ofstream(dir_ / "command.toml") << text;
    const auto out = dir_ / "run";
    const auto r =
        run_wattbench(dir_, {"run", (dir_ / "command.toml").string(), "--out", out.string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string log = wattbench::testing::read_whole(out / "logs" / "model.log");
    EXPECT_NE(log.find("\nsetup in /tmp\n"), std::string::npos) << log;
    EXPECT_NE(log.find("\nit's me\nrate 42.5 req/s\n"), std::string::npos) << log;
    EXPECT_NE(log.find("\nteardown\n"), std::string::npos) << log;
    std::ifstream in(out / "manifest.json");
    const auto m = nlohmann::json::parse(in);
    EXPECT_EQ(m.at("phases").at(0).at("score").at("value"), 42.5);
    // The command's process group on the target, background child included, is gone.
    std::vector<pid_t> sleepers;
    for (int i = 0; i < 300; ++i) {
        sleepers = LoopbackSshd::processes_mentioning("sleep 987");
        if (sleepers.empty()) {
            break;
        }
        std::this_thread::sleep_for(10ms);
    }
    EXPECT_TRUE(sleepers.empty()) << "pid " << sleepers.front() << " survived";
    EXPECT_TRUE(leftovers().empty());
}

TEST_F(RemoteTarget, AuthenticationFailureStopsBeforeTheRun) {
    const auto out = dir_ / "run";
    const auto r = run_wattbench(dir_, {"run", profile("", "stranger_key"), "--out", out.string()});
    EXPECT_EQ(r.exit_code, 2);
    const std::string who =
        "target '" + LoopbackSshd::user() + "@127.0.0.1:" + std::to_string(sshd_->port()) + "'";
    EXPECT_NE(r.err.find(who + ": ssh could not connect or log in: "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("Permission denied (publickey)"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(out));
    EXPECT_TRUE(leftovers().empty());
}

TEST_F(RemoteTarget, MissingWattbenchOnTheTargetIsNamed) {
    std::string text = wattbench::testing::read_whole(profile(""));
    text.replace(text.find(WATTBENCH_BIN), std::string(WATTBENCH_BIN).size(),
                 "/opt/nowhere/wattbench");
    std::ofstream(dir_ / "missing.toml") << text;
    const auto r = run_wattbench(
        dir_, {"run", (dir_ / "missing.toml").string(), "--out", (dir_ / "run").string()});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("cannot run '/opt/nowhere/wattbench' there"), std::string::npos) << r.err;
}

TEST_F(RemoteTarget, PasswordInTheProfileIsRefusedWithItsLocation) {
    const auto path = profile("password = \"hunter2\"\n");
    const auto r = run_wattbench(dir_, {"validate", path});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find(path + ":13:1: target.password: passwords are not accepted in a profile"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(r.err.find("hunter2"), std::string::npos);
}

}  // namespace
}  // namespace wattbench::cli
