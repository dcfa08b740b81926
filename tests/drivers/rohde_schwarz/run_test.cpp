#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "tests/drivers/rohde_schwarz/hmc_emulator.hpp"
#include "tests/emulators/stream_server.hpp"
#include "tests/support/run_program.hpp"

namespace wattbench::drivers::rohde_schwarz {
namespace {

namespace fs = std::filesystem;
using tests::emulators::StreamServer;
using tests::rohde_schwarz::HmcEmulator;
using wattbench::testing::read_whole;

// A whole `wattbench run` against the emulated HMC8015 over TCP: every channel recorded, the
// fixed ranges and the range read-back in the manifest, the integrator started.
TEST(HmcRun, RecordsEveryChannelAndTheRanges) {
    HmcEmulator emulator;
    StreamServer server(StreamServer::Kind::tcp,
                        [&](std::string& in) { return emulator.handle(in); });
    const fs::path dir = fs::temp_directory_path() / ("wb-hmc-run-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const fs::path profile = dir / "hmc.toml";
    std::ofstream(profile) << "[run]\nname = \"hmc\"\ninterval = \"500ms\"\nwarmup = \"0s\"\n"
                              "window = \"3s\"\n\n[[device]]\nid = \"wattmeter\"\n"
                              "driver = \"rs-hmc8015\"\nconnection = \""
                           << server.connection()
                           << "\"\nvoltage_range = \"300V\"\ncurrent_range = \"2A\"\n"
                              "\n[[phase]]\nname = \"idle\"\nload = \"idle\"\n";
    const fs::path out = dir / "run";
    const auto r = wattbench::testing::run_program(
        {WATTBENCH_BIN, "run", profile.string(), "--out", out.string()}, dir);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string samples = read_whole(out / "samples.csv");
    EXPECT_NE(samples.find(",wattmeter,power,87.52,W,ok\n"), std::string::npos)
        << samples.substr(0, 1500);
    EXPECT_NE(samples.find(",wattmeter,reactive_power,48.6,var,ok\n"), std::string::npos);
    EXPECT_NE(samples.find(",wattmeter,frequency,50.01,Hz,ok\n"), std::string::npos);
    EXPECT_NE(samples.find(",wattmeter,voltage,230.1,V,ok\n"), std::string::npos);
    EXPECT_NE(samples.find(",wattmeter,energy,"), std::string::npos);
    const std::string manifest = read_whole(out / "manifest.json");
    EXPECT_NE(manifest.find("\"HMC8015\""), std::string::npos) << manifest.substr(0, 3000);
    EXPECT_NE(manifest.find("\"voltage_range_in_use\": 300"), std::string::npos)
        << manifest.substr(0, 3000);
    EXPECT_NE(manifest.find("\"current_range_in_use\": 2"), std::string::npos);
    const std::string phases = read_whole(out / "phases.csv");
    EXPECT_NE(phases.find("idle,idle,wattmeter,power,W,87.52"), std::string::npos) << phases;
    EXPECT_TRUE(emulator.integrating());
    fs::remove_all(dir);
}

}  // namespace
}  // namespace wattbench::drivers::rohde_schwarz
