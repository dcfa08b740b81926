#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "tests/drivers/http/plug_run.hpp"
#include "tests/drivers/tasmota/tasmota_emulator.hpp"

namespace wattbench::drivers::tasmota {
namespace {

using namespace wattbench::tests::plugs;
using tests::tasmota::TasmotaEmulator;

const std::string kPassword = "Tas-run-8Rk3v";

// A whole `wattbench run` against a password-protected Tasmota device: power follows it, a
// dropped link is a gap with a reconnect, the password (sent in the query) is in no output.
TEST(TasmotaRun, RecordsChangesGapsAndKeepsThePasswordOut) {
    TasmotaEmulator plug(kPassword);
    const fs::path dir = scratch_dir("tasmota-run");
    const fs::path out = dir / "run";
    const auto profile = write_profile(
        dir, "tasmota-run", "7s",
        "driver = \"tasmota\"\nconnection = \"" + plug.connection() + "\"\ntimeout_ms = 400\n");
    const pid_t pid =
        spawn_wattbench(WATTBENCH_BIN, {"run", profile.string(), "--out", out.string()}, dir,
                        "WATTBENCH_TASMOTA_PASSWORD", kPassword);
    std::this_thread::sleep_for(std::chrono::milliseconds(2000));
    plug.set(180, 229, 0.8, 6.6);
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    plug.server().drop(std::chrono::milliseconds(1500));
    EXPECT_EQ(wait_exit(pid), 0) << read_whole(dir / "stderr");

    const std::string samples = read_whole(out / "samples.csv");
    const auto power = column(samples, "power");
    EXPECT_NE(std::find(power.begin(), power.end(), "2629"), power.end())
        << samples.substr(0, 1500);
    EXPECT_NE(std::find(power.begin(), power.end(), "180"), power.end());
    EXPECT_NE(std::find(power.begin(), power.end(), ""), power.end());
    const auto energy = column(samples, "energy");
    EXPECT_NE(std::find(energy.begin(), energy.end(), "6600"), energy.end());
    const std::string events = read_whole(out / "events.log");
    EXPECT_NE(events.find("device 'plug' connected after "), std::string::npos) << events;
    expect_nowhere(dir, out, kPassword);
    fs::remove_all(dir);
}

TEST(TasmotaRun, WrongPasswordExitsTwoNamingTheDevice) {
    TasmotaEmulator plug(kPassword);
    const fs::path dir = scratch_dir("tasmota-wrong");
    const auto profile =
        write_profile(dir, "tasmota-wrong", "2s",
                      "driver = \"tasmota\"\nconnection = \"" + plug.connection() + "\"\n");
    const pid_t pid =
        spawn_wattbench(WATTBENCH_BIN, {"run", profile.string(), "--out", (dir / "run").string()},
                        dir, "WATTBENCH_TASMOTA_PASSWORD", "x" + kPassword);
    EXPECT_EQ(wait_exit(pid), 2);
    const std::string err = read_whole(dir / "stderr");
    EXPECT_NE(err.find("device 'plug'"), std::string::npos) << err;
    EXPECT_NE(err.find("wrong user name or password"), std::string::npos) << err;
    expect_nowhere(dir, dir / "run", kPassword);
    fs::remove_all(dir);
}

}  // namespace
}  // namespace wattbench::drivers::tasmota
