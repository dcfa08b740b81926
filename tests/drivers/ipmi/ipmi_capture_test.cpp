#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

#include "tests/drivers/ipmi/ipmi_sim.hpp"

extern char** environ;

namespace wattbench::drivers::ipmi {
namespace {

namespace fs = std::filesystem;
using testing::IpmiSim;

const std::string kPassword = "Pw-7f3kq9Zx";

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// One samples.csv row, split naively: the columns tested here hold no commas or quotes.
struct Row {
    std::string device, channel, value, unit, status;
};

std::vector<Row> rows(const std::string& csv) {
    std::vector<Row> out;
    std::stringstream ss(csv);
    std::string line;
    std::getline(ss, line);
    while (std::getline(ss, line)) {
        std::vector<std::string> f;
        std::stringstream ls(line);
        std::string cell;
        while (std::getline(ls, cell, ',')) {
            f.push_back(cell);
        }
        if (line.back() == ',') {
            f.emplace_back();
        }
        if (f.size() >= 9) {
            out.push_back(Row{f[4], f[5], f[6], f[7], f[8]});
        }
    }
    return out;
}

// A whole capture against ipmi_sim with `wattbench run`: values, units and states land in
// samples.csv, crossings are events in events.log, a simulator restart mid-run leaves a gap
// and values again, and the password
// appears in no output file and not in the process's command line.
TEST(IpmiCapture, RunAgainstSimulator) {
    if (!IpmiSim::available()) {
        GTEST_SKIP() << "ipmi_sim/sdrcomp not installed (Debian package openipmi)";
    }
    IpmiSim sim(kPassword);
    ASSERT_TRUE(sim.start()) << sim.error();
    const fs::path dir = sim.dir();
    const fs::path profile = dir / "bmc.toml";
    std::ofstream(profile) << "[run]\nname = \"ipmi-capture\"\ninterval = \"500ms\"\n"
                              "warmup = \"1s\"\nwindow = \"9s\"\n\n"
                              "[[device]]\nid = \"bmc\"\ndriver = \"ipmi\"\n"
                              "connection = \""
                           << sim.connection()
                           << "\"\nworkarounds = \"opensesspriv\"\n"
                              "session_timeout_ms = 400\nretransmission_timeout_ms = 150\n\n"
                              "[[phase]]\nname = \"idle\"\nload = \"idle\"\n";
    const fs::path out = dir / "run";
    ::setenv("WATTBENCH_IPMI_PASSWORD", kPassword.c_str(), 1);
    std::vector<std::string> args{WATTBENCH_BIN, "run", profile.string(), "--out", out.string()};
    std::vector<char*> argv;
    for (auto& a : args) {
        argv.push_back(a.data());
    }
    argv.push_back(nullptr);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, (dir / "stdout").c_str(), O_WRONLY | O_CREAT, 0600);
    posix_spawn_file_actions_addopen(&fa, 2, (dir / "stderr").c_str(), O_WRONLY | O_CREAT, 0600);
    pid_t pid = -1;
    ASSERT_EQ(posix_spawn(&pid, argv[0], &fa, nullptr, argv.data(), environ), 0);
    posix_spawn_file_actions_destroy(&fa);
    ::unsetenv("WATTBENCH_IPMI_PASSWORD");

    auto sleep = [](int ms) { std::this_thread::sleep_for(std::chrono::milliseconds(ms)); };
    sleep(1500);
    const std::string cmdline = slurp("/proc/" + std::to_string(pid) + "/cmdline");
    EXPECT_FALSE(cmdline.empty());
    EXPECT_EQ(cmdline.find(kPassword), std::string::npos);
    // Temperature through UNC (50) and UC (58), fan failure, discrete state change.
    sim.console("sensor_set_value 0x20 0 1 52 1");
    sleep(700);
    sim.console("sensor_set_value 0x20 0 1 60 1");
    sim.console("sensor_set_value 0x20 0 2 0 1");
    sim.console("sensor_set_bit_clr_rest 0x20 0 4 2 1");
    sleep(1200);
    sim.stop();
    sleep(2000);
    ASSERT_TRUE(sim.start()) << sim.error();
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0) << slurp(dir / "stderr");

    const auto samples = rows(slurp(out / "samples.csv"));
    bool saw_uc = false, saw_fan_zero = false, saw_gap = false, ok_after_gap = false;
    std::set<std::string> states;
    for (const auto& r : samples) {
        if (r.device != "bmc") {
            continue;
        }
        if (r.channel == "system_temp" && r.status == "ok") {
            EXPECT_EQ(r.unit, "degC");
            saw_uc |= r.value == "60";
            ok_after_gap |= saw_gap && r.value == "35";
        }
        if (r.channel == "fan_1" && r.status == "ok") {
            EXPECT_EQ(r.unit, "RPM");
            saw_fan_zero |= r.value == "0";
        }
        if (r.channel == "cpu_temp" && r.status == "ok") {
            EXPECT_EQ(r.unit, "state");
            states.insert(r.value);
        }
        if (r.channel == "system_temp" && r.status == "unavailable" && saw_uc) {
            EXPECT_TRUE(r.value.empty());
            saw_gap = true;
        }
    }
    EXPECT_TRUE(saw_uc);
    EXPECT_TRUE(saw_fan_zero);
    EXPECT_GE(states.size(), 2u);
    EXPECT_TRUE(saw_gap);
    EXPECT_TRUE(ok_after_gap);

    // Threshold crossings and the state change, from the core's threshold watcher.
    const std::string events = slurp(out / "events.log");
    EXPECT_NE(events.find("bmc/system_temp = 52 degC: warning (crossed UNC 50)"), std::string::npos)
        << events;
    EXPECT_NE(events.find("bmc/system_temp = 60 degC: critical (crossed UC 58)"),
              std::string::npos);
    EXPECT_NE(events.find("bmc/fan_1 = 0 RPM: critical (crossed LC 300)"), std::string::npos);
    EXPECT_NE(events.find("bmc/system_temp = 35 degC: back within thresholds (was critical)"),
              std::string::npos);
    EXPECT_NE(events.find("bmc/cpu_temp state changed: "), std::string::npos);

    // Every file the run wrote, and what the command printed.
    for (const auto& e : fs::recursive_directory_iterator(out)) {
        if (e.is_regular_file()) {
            EXPECT_EQ(slurp(e.path()).find(kPassword), std::string::npos) << e.path();
        }
    }
    EXPECT_EQ(slurp(dir / "stdout").find(kPassword), std::string::npos);
    EXPECT_EQ(slurp(dir / "stderr").find(kPassword), std::string::npos);
    // The SDR's thresholds reach the manifest with the channel.
    const std::string manifest = slurp(out / "manifest.json");
    EXPECT_NE(manifest.find("system_temp"), std::string::npos);
    EXPECT_NE(manifest.find("58"), std::string::npos);
}

}  // namespace
}  // namespace wattbench::drivers::ipmi
