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

// `wattbench ARGS…` with stdout/stderr into files of `dir`; the password is in the
// environment of the call only.
pid_t spawn_wattbench(std::vector<std::string> args, const fs::path& dir,
                      const std::string& password) {
    args.insert(args.begin(), WATTBENCH_BIN);
    ::setenv("WATTBENCH_IPMI_PASSWORD", password.c_str(), 1);
    const pid_t pid = testing::spawn_process(std::move(args), dir / "stdout", dir / "stderr");
    ::unsetenv("WATTBENCH_IPMI_PASSWORD");
    EXPECT_GT(pid, 0);
    return pid;
}

int wait_exit(pid_t pid) {
    int status = 0;
    EXPECT_EQ(::waitpid(pid, &status, 0), pid);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// `pid` and every process below it, from /proc/<pid>/task/*/children.
std::vector<pid_t> process_tree(pid_t pid) {
    std::vector<pid_t> out{pid};
    for (std::size_t i = 0; i < out.size(); ++i) {
        std::error_code ec;
        for (const auto& task :
             fs::directory_iterator("/proc/" + std::to_string(out[i]) + "/task", ec)) {
            std::stringstream children(slurp(task.path() / "children"));
            pid_t child = 0;
            while (children >> child) {
                out.push_back(child);
            }
        }
    }
    return out;
}

std::string bmc_device(const IpmiSim& sim, const std::string& extra = "") {
    return "[[device]]\nid = \"bmc\"\ndriver = \"ipmi\"\nconnection = \"" + sim.connection() +
           "\"\nworkarounds = \"opensesspriv\"\n"
           "session_timeout_ms = 400\nretransmission_timeout_ms = 150\n" +
           extra + "\n";
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
    // A command phase, so the run has child processes whose command lines (and output, which
    // includes their environment) are searched for the password too.
    std::ofstream(profile) << "[run]\nname = \"ipmi-capture\"\ninterval = \"500ms\"\n"
                              "warmup = \"1s\"\nwindow = \"9s\"\n\n"
                           << bmc_device(sim)
                           << "[[device]]\nid = \"wattmeter\"\ndriver = \"sim\"\n"
                              "connection = \"sim://wattmeter\"\n\n"
                              "[[phase]]\nname = \"workload\"\nload = \"command\"\n"
                              "command = [\"sh\", \"-c\", \"env; echo 'Requests/sec: 1234.5'; "
                              "sleep 60\"]\n"
                              "score = { regex = 'Requests/sec: ([0-9.]+)', unit = \"req/s\" }\n";
    const fs::path out = dir / "run";
    const pid_t pid =
        spawn_wattbench({"run", profile.string(), "--out", out.string()}, dir, kPassword);

    auto sleep = [](int ms) { std::this_thread::sleep_for(std::chrono::milliseconds(ms)); };
    sleep(1500);
    const auto tree = process_tree(pid);
    EXPECT_GE(tree.size(), 3u) << "wattbench, sh and sleep";
    for (const pid_t p : tree) {
        const std::string cmdline = slurp("/proc/" + std::to_string(p) + "/cmdline");
        EXPECT_EQ(cmdline.find(kPassword), std::string::npos) << p << ": " << cmdline;
        if (p != pid) {
            // A workload has no business with the BMC's credentials.
            EXPECT_EQ(slurp("/proc/" + std::to_string(p) + "/environ").find(kPassword),
                      std::string::npos)
                << p << ": " << cmdline;
        }
    }
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
    EXPECT_EQ(wait_exit(pid), 0) << slurp(dir / "stderr");

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
    // bmc.emu asserts offset 0 at start and offset 2 later: the generic severity texts.
    EXPECT_EQ(states, (std::set<std::string>{"transition to OK",
                                             "transition to Critical from less severe"}));
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
    EXPECT_NE(events.find("device 'bmc': link lost: 127.0.0.1:" + std::to_string(sim.lan_port()) +
                          ": BMC unreachable"),
              std::string::npos)
        << events;
    EXPECT_NE(events.find("device 'bmc' connected after "), std::string::npos);
    // The restarted BMC stamped its SDR repository anew: the run's own cache is rebuilt.
    EXPECT_NE(events.find("is stale (last addition "), std::string::npos);

    // Every file the run wrote, and what the command printed.
    for (const auto& e : fs::recursive_directory_iterator(out)) {
        if (e.is_regular_file()) {
            EXPECT_EQ(slurp(e.path()).find(kPassword), std::string::npos) << e.path();
        }
    }
    EXPECT_EQ(slurp(dir / "stdout").find(kPassword), std::string::npos);
    EXPECT_EQ(slurp(dir / "stderr").find(kPassword), std::string::npos);
    // The report shows which states the discrete sensor took in the window, and the
    // workload's score per watt of the wattmeter's power.
    const pid_t report = spawn_wattbench({"report", out.string()}, dir, "");
    EXPECT_EQ(wait_exit(report), 0) << slurp(dir / "stderr");
    const std::string md = slurp(dir / "stdout");
    EXPECT_NE(md.find("| State (bmc/cpu_temp) "), std::string::npos) << md;
    EXPECT_NE(md.find("transition to OK ×"), std::string::npos) << md;
    EXPECT_NE(md.find("transition to Critical from less severe ×"), std::string::npos) << md;
    EXPECT_NE(md.find("wall power (wattmeter/power)"), std::string::npos) << md;
    EXPECT_NE(md.find("| workload | 1234.5 req/s |"), std::string::npos) << md;
    EXPECT_NE(md.find("req/s per W |"), std::string::npos) << md;

    // The SDR's thresholds reach the manifest with the channel.
    const std::string manifest = slurp(out / "manifest.json");
    EXPECT_NE(manifest.find("system_temp"), std::string::npos);
    EXPECT_NE(manifest.find("58"), std::string::npos);
}

}  // namespace
}  // namespace wattbench::drivers::ipmi

namespace wattbench::drivers::ipmi {
namespace {

class IpmiCliTest : public ::testing::Test {
protected:
    void SetUp() override {
        if (!IpmiSim::available()) {
            GTEST_SKIP() << "ipmi_sim/sdrcomp not installed (Debian package openipmi)";
        }
        ASSERT_TRUE(sim_.start()) << sim_.error();
        dir_ = sim_.dir();
    }

    fs::path profile(const std::string& name, const std::string& device,
                     const std::string& window) {
        const fs::path p = dir_ / (name + ".toml");
        std::ofstream(p) << "[run]\nname = \"" << name
                         << "\"\ninterval = \"500ms\"\nwarmup = \"0s\"\n"
                         << "window = \"" << window << "\"\n\n"
                         << device << "[[phase]]\nname = \"idle\"\nload = \"idle\"\n";
        return p;
    }

    IpmiSim sim_{kPassword};
    fs::path dir_;
};

// Before the run a BMC refusing the password stops it with exit 2, naming host and cause.
TEST_F(IpmiCliTest, WrongPasswordStopsTheRunBeforeItStarts) {
    const auto p = profile("wrong-password", bmc_device(sim_), "2s");
    const auto t0 = std::chrono::steady_clock::now();
    const pid_t pid = spawn_wattbench({"run", p.string(), "--out", (dir_ / "run").string()}, dir_,
                                      "not-" + kPassword);
    EXPECT_EQ(wait_exit(pid), 2);
    EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(15));
    const std::string err = slurp(dir_ / "stderr");
    EXPECT_NE(err.find("device 'bmc' (ipmi at '" + sim_.connection() +
                       "') could not be opened: 127.0.0.1:" + std::to_string(sim_.lan_port()) +
                       ": wrong password"),
              std::string::npos)
        << err;
    EXPECT_EQ(err.find(kPassword), std::string::npos);
    EXPECT_FALSE(fs::exists(dir_ / "run"));
}

// In-band on a machine without /dev/ipmi0: a clear error at once, no hang, exit 2.
TEST_F(IpmiCliTest, InBandWithoutLocalBmcIsAClearError) {
    if (::access("/dev/ipmi0", F_OK) == 0) {
        GTEST_SKIP() << "this machine has a local BMC";
    }
    const auto p = profile("in-band",
                           "[[device]]\nid = \"bmc\"\ndriver = \"ipmi\"\n"
                           "connection = \"ipmi://local\"\n\n",
                           "2s");
    const auto t0 = std::chrono::steady_clock::now();
    const pid_t pid =
        spawn_wattbench({"run", p.string(), "--out", (dir_ / "run").string()}, dir_, "");
    EXPECT_EQ(wait_exit(pid), 2);
    EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(5));
    EXPECT_NE(slurp(dir_ / "stderr").find("no local BMC: /dev/ipmi0 does not exist"),
              std::string::npos)
        << slurp(dir_ / "stderr");
}

// Two runs sharing one sdr_cache_dir: the second, after the BMC's SDR repository changed (a
// sensor renamed, the simulator restarted), says the cache was stale and records the new
// sensor name.
TEST_F(IpmiCliTest, SharedSdrCacheFoundStaleIsRebuiltAndLogged) {
    const fs::path cache = dir_ / "sdr-cache";
    const auto device = bmc_device(sim_, "sdr_cache_dir = \"" + cache.string() + "\"\n");
    const auto p = profile("shared-cache", device, "1s");
    EXPECT_EQ(wait_exit(spawn_wattbench({"run", p.string(), "--out", (dir_ / "first").string()},
                                        dir_, kPassword)),
              0)
        << slurp(dir_ / "stderr");
    EXPECT_EQ(slurp(dir_ / "first" / "events.log").find("SDR cache"), std::string::npos);

    sim_.stop();
    std::this_thread::sleep_for(std::chrono::milliseconds(1100));  // a new uptime second
    sim_.edit_sdrs("\"System Temp\"", "\"Inlet Temp\"");
    ASSERT_TRUE(sim_.start()) << sim_.error();
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    EXPECT_EQ(wait_exit(spawn_wattbench({"run", p.string(), "--out", (dir_ / "second").string()},
                                        dir_, kPassword)),
              0)
        << slurp(dir_ / "stderr");
    const std::string events = slurp(dir_ / "second" / "events.log");
    EXPECT_NE(events.find("INFO  device 'bmc': SDR cache " + cache.string() +
                          "/sdr-cache-127.0.0.1:" + std::to_string(sim_.lan_port()) +
                          " is stale (last addition "),
              std::string::npos)
        << events;
    const std::string samples = slurp(dir_ / "second" / "samples.csv");
    EXPECT_NE(samples.find(",bmc,inlet_temp,35,degC,ok"), std::string::npos);
    EXPECT_EQ(samples.find("system_temp"), std::string::npos);
}

// `wattbench monitor`: live readings of the profile's devices without phases or a run
// directory; lines when not on a terminal; Ctrl-C ends it with 130.
TEST_F(IpmiCliTest, MonitorPrintsLiveReadingsUntilInterrupted) {
    const auto p = profile("monitor", bmc_device(sim_), "1s");
    const pid_t pid = spawn_wattbench({"monitor", p.string()}, dir_, kPassword);
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    sim_.console("sensor_set_value 0x20 0 1 60 1");
    std::this_thread::sleep_for(std::chrono::milliseconds(1200));
    const std::string cmdline = slurp("/proc/" + std::to_string(pid) + "/cmdline");
    EXPECT_EQ(cmdline.find(kPassword), std::string::npos);
    ::kill(pid, SIGINT);
    EXPECT_EQ(wait_exit(pid), 130) << slurp(dir_ / "stderr");
    const std::string out = slurp(dir_ / "stdout");
    EXPECT_NE(out.find(" bmc/system_temp 35 degC\n"), std::string::npos) << out;
    EXPECT_NE(out.find(" bmc/system_temp 60 degC\n"), std::string::npos) << out;
    EXPECT_NE(out.find(" bmc/fan_1 2000 RPM\n"), std::string::npos) << out;
    EXPECT_NE(out.find(" bmc/cpu_temp transition to OK\n"), std::string::npos) << out;
    const std::string err = slurp(dir_ / "stderr");
    EXPECT_NE(err.find("ERROR bmc/system_temp = 60 degC: critical (crossed UC 58)"),
              std::string::npos)
        << err;
}

// With --out the same readings also go to samples.csv and events.log.
TEST_F(IpmiCliTest, MonitorWritesSamplesWithOut) {
    const auto p = profile("monitor-out", bmc_device(sim_), "1s");
    const fs::path out = dir_ / "live";
    const pid_t pid =
        spawn_wattbench({"monitor", p.string(), "--out", out.string()}, dir_, kPassword);
    std::this_thread::sleep_for(std::chrono::milliseconds(2000));
    ::kill(pid, SIGTERM);
    EXPECT_EQ(wait_exit(pid), 143) << slurp(dir_ / "stderr");
    const std::string samples = slurp(out / "samples.csv");
    EXPECT_EQ(samples.rfind("time,elapsed_s,phase,stage,device,channel,value,unit,status\n", 0),
              0u);
    EXPECT_NE(samples.find(",,between,bmc,system_temp,35,degC,ok\n"), std::string::npos) << samples;
    EXPECT_TRUE(fs::exists(out / "events.log"));
    for (const auto& e : fs::recursive_directory_iterator(out)) {
        EXPECT_EQ(slurp(e.path()).find(kPassword), std::string::npos) << e.path();
    }
}

// An optional BMC that is down when the monitor starts has no channels yet (they are only
// known once it answers); when it comes up, its channels appear: printed, written to
// samples.csv and watched against their thresholds like any other.
TEST_F(IpmiCliTest, MonitorPicksUpTheChannelsOfAnOptionalBmcThatComesUpLater) {
    sim_.stop();
    const auto p = profile("late-bmc", bmc_device(sim_, "optional = true\n"), "1s");
    const fs::path out = dir_ / "late";
    const pid_t pid =
        spawn_wattbench({"monitor", p.string(), "--out", out.string()}, dir_, kPassword);
    std::this_thread::sleep_for(std::chrono::milliseconds(1000));
    const bool started = sim_.start();
    EXPECT_TRUE(started) << sim_.error();
    const auto printed = [&](const std::string& text) {
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
        while (std::chrono::steady_clock::now() < until) {
            if (slurp(dir_ / "stdout").find(text) != std::string::npos) {
                return true;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        return false;
    };
    EXPECT_TRUE(started && printed(" bmc/system_temp 35 degC\n")) << slurp(dir_ / "stderr");
    sim_.console("sensor_set_value 0x20 0 1 60 1");
    EXPECT_TRUE(started && printed(" bmc/system_temp 60 degC\n")) << slurp(dir_ / "stderr");
    ::kill(pid, SIGTERM);
    EXPECT_EQ(wait_exit(pid), 143) << slurp(dir_ / "stderr");
    const std::string err = slurp(dir_ / "stderr");
    EXPECT_NE(err.find(" channels known after open (was 0)"), std::string::npos) << err;
    EXPECT_NE(err.find("ERROR bmc/system_temp = 60 degC: critical (crossed UC 58)"),
              std::string::npos)
        << err;
    const std::string samples = slurp(out / "samples.csv");
    EXPECT_NE(samples.find(",,between,bmc,system_temp,35,degC,ok\n"), std::string::npos) << samples;
    EXPECT_NE(samples.find(",,between,bmc,system_temp,60,degC,ok\n"), std::string::npos) << samples;
    EXPECT_NE(samples.find(",,between,bmc,fan_1,2000,RPM,ok\n"), std::string::npos) << samples;
}

}  // namespace
}  // namespace wattbench::drivers::ipmi
