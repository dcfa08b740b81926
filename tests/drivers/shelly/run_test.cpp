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

// A whole `wattbench run` against a Gen2 plug with digest authentication: power follows the
// plug, a dropped link is a gap with a reconnect, and the password is in no output.
TEST(ShellyRun, Gen2DigestRecordsChangesAndGaps) {
    ShellyEmulator plug(ShellyEmulator::Kind::gen2_plug, kPassword);
    const fs::path dir = scratch_dir("shelly-run");
    const fs::path out = dir / "run";
    const auto profile = write_profile(dir, "shelly-run", "7s", device(plug));
    const pid_t pid =
        spawn_wattbench(WATTBENCH_BIN, {"run", profile.string(), "--out", out.string()}, dir,
                        "WATTBENCH_SHELLY_PASSWORD", kPassword);
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
