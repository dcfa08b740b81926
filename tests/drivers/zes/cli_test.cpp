#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <thread>

#include "tests/drivers/zes/zes_emulator.hpp"
#include "tests/emulators/stream_server.hpp"
#include "tests/support/run_program.hpp"

namespace wattbench::drivers::zes {
namespace {

namespace fs = std::filesystem;
using tests::emulators::StreamServer;
using tests::emulators::ZesEmulator;
using wattbench::testing::read_whole;

// A whole `wattbench run` against the streaming LMG95 emulator over TCP (a serial-to-Ethernet
// converter's raw port): values in samples.csv, the sentinel as `unavailable`, the identity and
// the ranges read back in the manifest, and the stream turned off at the end.
TEST(ZesCli, RunReadsTheStream) {
    ZesEmulator emulator("LMG95");
    StreamServer server(StreamServer::Kind::tcp,
                        [&](std::string& in) { return emulator.handle(in); });
    server.set_ticker([&] { return emulator.tick(); });
    const fs::path dir = fs::temp_directory_path() / ("zes_cli_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const fs::path profile = dir / "zes.toml";
    std::ofstream(profile) << "[run]\nname = \"zes-cli\"\ninterval = \"500ms\"\nwarmup = \"0s\"\n"
                              "window = \"4s\"\n\n[[device]]\nid = \"wattmeter\"\n"
                              "driver = \"zes-lmg95\"\nconnection = \""
                           << server.connection()
                           << "\"\nvoltage_range = 250.0\ncurrent_range = 10.0\n"
                              "update_interval = 0.2\n\n[[phase]]\nname = \"idle\"\n"
                              "load = \"idle\"\n";
    const fs::path out = dir / "run";
    std::thread fault([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(2500));
        emulator.invalid = true;
    });
    const auto r = wattbench::testing::run_program(
        {WATTBENCH_BIN, "run", profile.string(), "--out", out.string()}, dir);
    fault.join();
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string samples = read_whole(out / "samples.csv");
    EXPECT_NE(samples.find(",wattmeter,power,101.7,W,ok\n"), std::string::npos)
        << samples.substr(0, 2000);
    EXPECT_NE(samples.find(",wattmeter,voltage,230.4,V,ok\n"), std::string::npos);
    EXPECT_NE(samples.find(",wattmeter,reactive_power,-59.6,var,ok\n"), std::string::npos);
    EXPECT_NE(samples.find(",wattmeter,power,,W,unavailable\n"), std::string::npos);
    const std::string manifest = read_whole(out / "manifest.json");
    EXPECT_NE(manifest.find("LMG95"), std::string::npos);
    EXPECT_NE(manifest.find("current_range_in_use"), std::string::npos);
    EXPECT_FALSE(emulator.streaming());
    fs::remove_all(dir);
}

}  // namespace
}  // namespace wattbench::drivers::zes
