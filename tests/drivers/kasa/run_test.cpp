#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "tests/drivers/http/plug_run.hpp"
#include "tests/drivers/kasa/kasa_emulator.hpp"
#include "tests/emulators/stream_server.hpp"

namespace wattbench::drivers::kasa {
namespace {

using namespace wattbench::tests::plugs;
using tests::emulators::StreamServer;
using tests::kasa::KasaEmulator;

// A whole `wattbench run` against the emulated plug: power follows it, a dropped link is a
// recorded gap with a reconnect, and the manifest says which plug it was.
TEST(KasaRun, RecordsChangesAndADroppedLink) {
    KasaEmulator emulator(KasaEmulator::Form::milli_units);
    StreamServer server(StreamServer::Kind::tcp,
                        [&](std::string& in) { return emulator.handle(in); });
    const fs::path dir = scratch_dir("kasa-run");
    const fs::path out = dir / "run";
    const auto profile = write_profile(
        dir, "kasa-run", "7s",
        "driver = \"kasa\"\nconnection = \"" + server.connection() + "\"\ntimeout_ms = 300\n");
    const pid_t pid =
        spawn_wattbench(WATTBENCH_BIN, {"run", profile.string(), "--out", out.string()}, dir);
    std::this_thread::sleep_for(std::chrono::milliseconds(2000));
    emulator.set(140.25, 229.5, 0.7, 16400);
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    server.drop(std::chrono::milliseconds(1500));
    EXPECT_EQ(wait_exit(pid), 0) << read_whole(dir / "stderr");

    const std::string samples = read_whole(out / "samples.csv");
    const auto power = column(samples, "power");
    EXPECT_NE(std::find(power.begin(), power.end(), "61.753"), power.end())
        << samples.substr(0, 1500);
    EXPECT_NE(std::find(power.begin(), power.end(), "140.25"), power.end());
    EXPECT_NE(std::find(power.begin(), power.end(), ""), power.end()) << "the gap has rows";
    EXPECT_TRUE(column(samples, "power_factor").empty()) << "the plug reports no power factor";
    const std::string events = read_whole(out / "events.log");
    EXPECT_NE(events.find("device 'plug' connected after "), std::string::npos) << events;
    const std::string manifest = read_whole(out / "manifest.json");
    EXPECT_NE(manifest.find("HS110(EU)"), std::string::npos);
    EXPECT_NE(manifest.find("IOT (TCP, XOR autokey)"), std::string::npos);
    fs::remove_all(dir);
}

}  // namespace
}  // namespace wattbench::drivers::kasa
