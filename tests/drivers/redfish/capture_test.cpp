#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

#include "tests/drivers/redfish/redfish_server.hpp"
#include "tests/support/run_program.hpp"

namespace wattbench::drivers::redfish {
namespace {

namespace fs = std::filesystem;
using testing::RedfishServer;
using wattbench::testing::read_whole;

const std::string kPassword = "Rf-cap-7Hq2Zs";
const std::string kTotalPower = "/redfish/v1/Chassis/1U/Sensors/TotalPower";
const std::string kCpuTemp = "/redfish/v1/Chassis/1U/Sensors/CPU1Temp";

void sleep_ms(int ms) {
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
}

// `wattbench ARGS…`, output into files of `dir`; the password only in its environment.
pid_t spawn_wattbench(std::vector<std::string> args, const fs::path& dir,
                      const std::string& password) {
    args.insert(args.begin(), WATTBENCH_BIN);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, (dir / "stdout").c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                     0644);
    posix_spawn_file_actions_addopen(&fa, 2, (dir / "stderr").c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                     0644);
    ::setenv("WATTBENCH_REDFISH_PASSWORD", password.c_str(), 1);
    const pid_t pid = wattbench::testing::spawn_program(args, fa);
    ::unsetenv("WATTBENCH_REDFISH_PASSWORD");
    posix_spawn_file_actions_destroy(&fa);
    EXPECT_GT(pid, 0);
    return pid;
}

int wait_exit(pid_t pid) {
    int status = 0;
    EXPECT_EQ(::waitpid(pid, &status, 0), pid);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

class RedfishCapture : public ::testing::Test {
protected:
    void SetUp() override {
        if (!RedfishServer::available()) {
            GTEST_SKIP() << "needs /usr/bin/python3 and openssl";
        }
        ASSERT_TRUE(server_.start()) << server_.error();
        dir_ = server_.dir();
    }
    fs::path profile(const std::string& name, const std::string& window,
                     const std::string& extra = "") {
        const fs::path p = dir_ / (name + ".toml");
        std::ofstream(p) << "[run]\nname = \"" << name
                         << "\"\ninterval = \"500ms\"\nwarmup = \"0s\"\nwindow = \"" << window
                         << "\"\n\n[[device]]\nid = \"bmc\"\ndriver = \"redfish\"\nconnection = \""
                         << server_.connection() << "\"\nca_file = \"" << server_.ca_file()
                         << "\"\ntimeout_ms = 400\n"
                         << extra << "\n[[phase]]\nname = \"idle\"\nload = \"idle\"\n";
        return p;
    }
    void expect_no_password(const fs::path& out) {
        for (const auto& e : fs::recursive_directory_iterator(out)) {
            if (e.is_regular_file()) {
                EXPECT_EQ(read_whole(e.path()).find(kPassword), std::string::npos) << e.path();
            }
        }
        EXPECT_EQ(read_whole(dir_ / "stdout").find(kPassword), std::string::npos);
        EXPECT_EQ(read_whole(dir_ / "stderr").find(kPassword), std::string::npos);
    }

    RedfishServer server_{"public-rackmount1", kPassword};
    fs::path dir_;
};

// A whole `wattbench run`: power follows the BMC, a temperature crossing UpperCritical is a
// threshold event, a 503 spell is a recorded gap with a reconnect, an expired session is
// re-established, the thresholds reach the manifest, and the password is nowhere.
TEST_F(RedfishCapture, RunFollowsChangesFaultsAndSessions) {
    const fs::path out = dir_ / "run";
    const pid_t pid = spawn_wattbench(
        {"run", profile("redfish-capture", "9s").string(), "--out", out.string()}, dir_, kPassword);
    sleep_ms(1500);
    EXPECT_EQ(read_whole("/proc/" + std::to_string(pid) + "/cmdline").find(kPassword),
              std::string::npos);
    server_.control(
        {{"overrides", {{kTotalPower, {{"Reading", 455}}}, {kCpuTemp, {{"Reading", 47}}}}}});
    sleep_ms(1500);
    server_.control({{"fault", "503"}});
    sleep_ms(2000);
    server_.control({{"epoch", 1}});
    sleep_ms(1500);
    server_.control({{"epoch", 2}});
    EXPECT_EQ(wait_exit(pid), 0) << read_whole(dir_ / "stderr");

    const std::string samples = read_whole(out / "samples.csv");
    EXPECT_NE(samples.find(",bmc,power,374,W,ok\n"), std::string::npos) << samples.substr(0, 2000);
    EXPECT_NE(samples.find(",bmc,power,455,W,ok\n"), std::string::npos);
    EXPECT_NE(samples.find(",bmc,cpu1_temp,47,degC,ok\n"), std::string::npos);
    EXPECT_NE(samples.find(",bmc,cpu1_temp_health,Warning,state,ok\n"), std::string::npos);
    EXPECT_NE(samples.find(",bmc,power,,W,unavailable\n"), std::string::npos);

    const std::string events = read_whole(out / "events.log");
    EXPECT_NE(events.find("bmc/cpu1_temp = 47 degC: critical (crossed UC 45)"), std::string::npos)
        << events;
    EXPECT_NE(events.find("service unavailable (HTTP 503)"), std::string::npos);
    EXPECT_NE(events.find("device 'bmc' connected after "), std::string::npos);
    EXPECT_NE(events.find("the session expired; logged in again"), std::string::npos);
    EXPECT_NE(events.find("left out as absent or disabled: PS2Energy (Absent)"), std::string::npos);

    const std::string manifest = read_whole(out / "manifest.json");
    EXPECT_NE(manifest.find("\"cpu1_temp\""), std::string::npos);
    EXPECT_NE(manifest.find("verified with ca_file"), std::string::npos);
    EXPECT_NE(manifest.find("Contoso"), std::string::npos);
    expect_no_password(out);
    const auto s = server_.stats();
    // Each close logs its session out; only those the BMC expired (epoch) cannot be.
    EXPECT_GE(s["logins"].get<int>(), 3) << s.dump();
    EXPECT_GE(s["logouts"].get<int>(), s["logins"].get<int>() - 2) << s.dump();
}

// TotalPower's "Accuracy": 0.2 (percent) reaches the manifest and gives bmc/power an
// uncertainty in the report: ±0.7 W on 374 W, not "uncertainty not recorded".
TEST_F(RedfishCapture, ReportShowsThePowerUncertaintyFromTheSensorsAccuracy) {
    const fs::path out = dir_ / "run";
    const pid_t pid =
        spawn_wattbench({"run", profile("redfish-accuracy", "2s").string(), "--out", out.string()},
                        dir_, kPassword);
    ASSERT_EQ(wait_exit(pid), 0) << read_whole(dir_ / "stderr");
    EXPECT_NE(read_whole(out / "manifest.json").find("\"of_reading\": 0.002"), std::string::npos)
        << read_whole(out / "manifest.json");
    const auto report =
        wattbench::testing::run_program({WATTBENCH_BIN, "report", out.string()}, dir_);
    ASSERT_EQ(report.exit_code, 0) << report.err;
    EXPECT_NE(report.out.find("| 374.0 ± 0.7 |"), std::string::npos) << report.out;
    EXPECT_NE(report.out.find("- bmc/power: ±(0.2 % of reading)"), std::string::npos);
    EXPECT_EQ(report.out.find("uncertainty not recorded"), std::string::npos);
}

// Wrong credentials stop the run before any load with exit 2, naming the device and the host.
TEST_F(RedfishCapture, WrongPasswordStopsTheRunBeforeItStarts) {
    const auto t0 = std::chrono::steady_clock::now();
    const pid_t pid =
        spawn_wattbench({"run", profile("wrong", "2s").string(), "--out", (dir_ / "run").string()},
                        dir_, "not-" + kPassword);
    EXPECT_EQ(wait_exit(pid), 2);
    EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(10));
    const std::string err = read_whole(dir_ / "stderr");
    EXPECT_NE(err.find("device 'bmc'"), std::string::npos) << err;
    EXPECT_NE(
        err.find("127.0.0.1:" + std::to_string(server_.port()) + ": wrong user name or password"),
        std::string::npos)
        << err;
    EXPECT_EQ(err.find(kPassword), std::string::npos);
    EXPECT_FALSE(fs::exists(dir_ / "run" / "samples.csv"));
}

// `monitor` with insecure = true: readings printed, the events.log says verification is off.
TEST_F(RedfishCapture, MonitorInsecureSaysSo) {
    const auto p = profile("monitor", "1s", "");
    // ca_file and insecure contradict each other: drop ca_file.
    std::string text = read_whole(p);
    text.replace(text.find("ca_file"), text.find('\n', text.find("ca_file")) - text.find("ca_file"),
                 "insecure = true");
    std::ofstream(p) << text;
    const fs::path out = dir_ / "live";
    const pid_t pid =
        spawn_wattbench({"monitor", p.string(), "--out", out.string()}, dir_, kPassword);
    sleep_ms(2500);
    ::kill(pid, SIGINT);
    EXPECT_EQ(wait_exit(pid), 130) << read_whole(dir_ / "stderr");
    const std::string printed = read_whole(dir_ / "stdout");
    EXPECT_NE(printed.find(" bmc/power 374 W\n"), std::string::npos) << printed;
    EXPECT_NE(printed.find(" bmc/cpu1_temp 44 degC\n"), std::string::npos);
    EXPECT_NE(read_whole(out / "events.log").find("TLS certificate verification is off"),
              std::string::npos)
        << read_whole(out / "events.log");
    expect_no_password(out);
}

// `devices` lists the driver; `--scan` names a Redfish candidate only for a host the user gives.
TEST(RedfishDevices, ListedAndCandidateOnlyForANamedHost) {
    const fs::path dir = fs::temp_directory_path();
    const auto list = wattbench::testing::run_program({WATTBENCH_BIN, "devices"}, dir);
    EXPECT_EQ(list.exit_code, 0);
    EXPECT_NE(list.out.find("  redfish "), std::string::npos) << list.out;
    const auto plain = wattbench::testing::run_program({WATTBENCH_BIN, "devices", "--scan"}, dir);
    EXPECT_EQ(plain.out.find("  redfish bmc"), std::string::npos) << plain.out;
    const auto named = wattbench::testing::run_program(
        {WATTBENCH_BIN, "devices", "--scan", "--redfish", "bmc7.example", "--redfish", "a b"}, dir);
    EXPECT_EQ(named.exit_code, 0);
    EXPECT_NE(named.out.find("  redfish bmc7.example   connection redfish://USER@bmc7.example  "
                             "driver redfish (named with --redfish, not probed)\n"),
              std::string::npos)
        << named.out;
    EXPECT_NE(named.out.find("  redfish a b            not a host name: "), std::string::npos)
        << named.out;
}

}  // namespace
}  // namespace wattbench::drivers::redfish
