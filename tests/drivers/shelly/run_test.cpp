#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "tests/drivers/http/plug_run.hpp"
#include "tests/drivers/shelly/shelly_emulator.hpp"

namespace wattbench::drivers::shelly {
namespace {

using namespace wattbench::tests::plugs;
using tests::shelly::ShellyEmulator;

const std::string kPassword = "Sh3lly-run-Q7vL2";

std::string device(const ShellyEmulator& e) {
    return "driver = \"shelly\"\nconnection = \"" + e.connection() + "\"\ntimeout_ms = 400\n";
}

// `wattbench run` of one idle phase against `plug`, started; the password (if any) only in its
// environment.
struct PlugRun {
    PlugRun(const ShellyEmulator& plug, const std::string& name, const std::string& window,
            const std::string& password)
        : dir(scratch_dir(name)), out(dir / "run") {
        const auto profile = write_profile(dir, name, window, device(plug));
        pid = spawn_wattbench(WATTBENCH_BIN, {"run", profile.string(), "--out", out.string()}, dir,
                              password.empty() ? "" : "WATTBENCH_SHELLY_PASSWORD", password);
    }
    fs::path dir;
    fs::path out;
    pid_t pid = -1;
};

// A whole `wattbench run` against a Gen2 plug with digest authentication: power follows the
// plug, a dropped link is a gap with a reconnect, and the password is in no output.
TEST(ShellyRun, Gen2DigestRecordsChangesAndGaps) {
    ShellyEmulator plug(ShellyEmulator::Kind::gen2_plug, kPassword);
    const PlugRun run(plug, "shelly-run", "7s", kPassword);
    const fs::path& dir = run.dir;
    const fs::path& out = run.out;
    const pid_t pid = run.pid;
    std::this_thread::sleep_for(std::chrono::milliseconds(2000));
    EXPECT_EQ(read_whole("/proc/" + std::to_string(pid) + "/cmdline").find(kPassword),
              std::string::npos);
    plug.set(215.5, 229.0, 0.95, 7300.0);
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    plug.server().drop(std::chrono::milliseconds(1500));
    EXPECT_EQ(wait_exit(pid), 0) << read_whole(dir / "stderr");

    const std::string samples = read_whole(out / "samples.csv");
    const auto power = column(samples, "power");
    EXPECT_NE(std::find(power.begin(), power.end(), "2.7"), power.end()) << samples.substr(0, 1500);
    EXPECT_NE(std::find(power.begin(), power.end(), "215.5"), power.end());
    EXPECT_NE(std::find(power.begin(), power.end(), ""), power.end()) << "the gap has rows";
    EXPECT_FALSE(column(samples, "energy").empty());
    const std::string events = read_whole(out / "events.log");
    EXPECT_NE(events.find("device 'plug' connected after "), std::string::npos) << events;
    const std::string manifest = read_whole(out / "manifest.json");
    EXPECT_NE(manifest.find("SNPL-00112EU"), std::string::npos);
    EXPECT_NE(manifest.find("digest SHA-256"), std::string::npos);
    expect_nowhere(dir, out, kPassword);
    fs::remove_all(dir);
}

// Values that change every second teach the plug's update interval (into the manifest, beside
// the driver's own settings); frozen for longer than twice that, the window is flagged `stale`
// and events.log says why; samples.csv keeps status ok for those readings.
TEST(ShellyRun, UpdateIntervalRecordedAndFrozenValuesFlaggedStale) {
    ShellyEmulator plug(ShellyEmulator::Kind::gen2_plug, kPassword);
    const PlugRun run(plug, "shelly-stale", "13s", kPassword);
    const fs::path& dir = run.dir;
    const fs::path& out = run.out;
    for (int i = 1; i <= 8; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1000));
        plug.set(100.0 + i, 230.0, 0.5, 7300.0 + i);
    }
    EXPECT_EQ(wait_exit(run.pid), 0) << read_whole(dir / "stderr");

    const std::string events = read_whole(out / "events.log");
    EXPECT_NE(events.find("the plug refreshes its readings about every "), std::string::npos)
        << events;
    EXPECT_NE(events.find("more than twice the plug's update interval"), std::string::npos)
        << events;
    EXPECT_NE(events.find("inside the window of phase 'idle', flagged stale"), std::string::npos);
    const std::string manifest = read_whole(out / "manifest.json");
    EXPECT_NE(manifest.find("\"update_interval_s\""), std::string::npos) << manifest;
    EXPECT_NE(manifest.find("digest SHA-256"), std::string::npos) << "the driver's settings stay";
    const std::string phases = read_whole(out / "phases.csv");
    EXPECT_NE(phases.find("stale"), std::string::npos) << phases;
    const std::string samples = read_whole(out / "samples.csv");
    EXPECT_NE(samples.find(",plug,power,108,W,ok\n"), std::string::npos);
    EXPECT_EQ(samples.find("stale"), std::string::npos) << "no new status";
    expect_nowhere(dir, out, kPassword);
    fs::remove_all(dir);
}

// A plug that reboots inside the window: the link drops, it comes back with its energy counter
// near zero. events.log names the jump, the phase carries `energy_counter_reset`, the report's
// validity section explains it, and power and the report's energy in the window come from the
// power readings, not from the counter's difference across the jump.
TEST(ShellyRun, RebootMidWindowIsLoggedAndNotAveragedAcrossTheCounterJump) {
    ShellyEmulator plug(ShellyEmulator::Kind::gen2_plug);
    plug.set(200.0, 230.0, 0.9, 7300.0);
    const PlugRun run(plug, "shelly-reboot", "8s", "");
    const fs::path& dir = run.dir;
    const fs::path& out = run.out;
    std::this_thread::sleep_for(std::chrono::milliseconds(3000));
    plug.set(200.0, 230.0, 0.9, 0.25);
    plug.server().drop(std::chrono::milliseconds(1500));
    EXPECT_EQ(wait_exit(run.pid), 0) << read_whole(dir / "stderr");

    const std::string events = read_whole(out / "events.log");
    EXPECT_NE(events.find("the energy counter went backwards (7300.000 Wh to 0.250 Wh)"),
              std::string::npos)
        << events;
    EXPECT_NE(events.find("flagged energy_counter_reset"), std::string::npos) << events;
    EXPECT_NE(events.find("device 'plug' connected after "), std::string::npos) << events;
    const std::string samples = read_whole(out / "samples.csv");
    EXPECT_NE(samples.find(",plug,energy,7300,Wh,ok\n"), std::string::npos)
        << samples.substr(0, 1500);
    EXPECT_NE(samples.find(",plug,energy,0.25,Wh,ok\n"), std::string::npos);
    const std::string phases = read_whole(out / "phases.csv");
    std::string power_row;
    for (std::size_t at = 0; at < phases.size();) {
        const auto end = phases.find('\n', at);
        const auto line = phases.substr(at, end - at);
        if (line.starts_with("idle,idle,plug,power,W,")) {
            power_row = line;
        }
        at = end == std::string::npos ? phases.size() : end + 1;
    }
    ASSERT_FALSE(power_row.empty()) << phases;
    EXPECT_TRUE(power_row.starts_with("idle,idle,plug,power,W,200,200,200,")) << power_row;
    EXPECT_NE(power_row.find("energy_counter_reset"), std::string::npos) << power_row;

    const fs::path report = dir / "report.md";
    const pid_t r =
        spawn_wattbench(WATTBENCH_BIN, {"report", out.string(), "-o", report.string()}, dir);
    EXPECT_EQ(wait_exit(r), 0) << read_whole(dir / "stderr");
    const std::string md = read_whole(report);
    EXPECT_NE(md.find("an energy counter went backwards inside the window"), std::string::npos)
        << md;
    fs::remove_all(dir);
}

// A wrong password stops the run before any load with exit 2, naming the device and host.
TEST(ShellyRun, WrongPasswordExitsTwoNamingTheDevice) {
    ShellyEmulator plug(ShellyEmulator::Kind::gen2_plug, kPassword);
    const fs::path dir = scratch_dir("shelly-wrong");
    const fs::path out = dir / "run";
    const auto profile = write_profile(dir, "shelly-wrong", "2s", device(plug));
    const pid_t pid =
        spawn_wattbench(WATTBENCH_BIN, {"run", profile.string(), "--out", out.string()}, dir,
                        "WATTBENCH_SHELLY_PASSWORD", "not-" + kPassword);
    EXPECT_EQ(wait_exit(pid), 2);
    const std::string err = read_whole(dir / "stderr");
    EXPECT_NE(err.find("device 'plug'"), std::string::npos) << err;
    EXPECT_NE(err.find("wrong password"), std::string::npos) << err;
    EXPECT_FALSE(fs::exists(out / "samples.csv"));
    expect_nowhere(dir, out, kPassword);
    fs::remove_all(dir);
}

}  // namespace
}  // namespace wattbench::drivers::shelly
