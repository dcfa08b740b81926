#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <thread>

#include "tests/drivers/chroma/chroma_emulator.hpp"
#include "tests/emulators/stream_server.hpp"
#include "tests/support/run_program.hpp"

namespace wattbench::drivers::chroma {
namespace {

namespace fs = std::filesystem;
using tests::emulators::ChromaEmulator;
using tests::emulators::StreamServer;
using wattbench::testing::read_whole;

// A whole `wattbench run` against the 66204 emulator on a pty: values of channel 2 in
// samples.csv, the meter's -2 (range change during integration) as `unavailable` and a
// flagged window, the identity and ranges in the manifest.
TEST(ChromaCli, RunReadsTheMeterAndFlagsARangeChange) {
    ChromaEmulator emulator("66204");
    StreamServer server(StreamServer::Kind::pty,
                        [&](std::string& in) { return emulator.handle(in); });
    const fs::path dir = fs::temp_directory_path() / ("chroma_cli_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const fs::path profile = dir / "chroma.toml";
    std::ofstream(profile) << "[run]\nname = \"chroma-cli\"\ninterval = \"500ms\"\n"
                              "warmup = \"0s\"\nwindow = \"4s\"\n\n[[device]]\nid = \"wattmeter\"\n"
                              "driver = \"chroma-66204\"\nconnection = \""
                           << server.connection("?baud=9600")
                           << "\"\nchannel = 2\nvoltage_range = 300.0\ncurrent_range = 2.0\n\n"
                              "[[phase]]\nname = \"idle\"\nload = \"idle\"\n";
    const fs::path out = dir / "run";
    std::thread fault([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(2500));
        emulator.range_error = true;
    });
    const auto r = wattbench::testing::run_program(
        {WATTBENCH_BIN, "run", profile.string(), "--out", out.string()}, dir);
    fault.join();
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string samples = read_whole(out / "samples.csv");
    EXPECT_NE(samples.find(",wattmeter,power,250.12,W,ok\n"), std::string::npos)
        << samples.substr(0, 2000);
    EXPECT_NE(samples.find(",wattmeter,voltage,229.87,V,ok\n"), std::string::npos);
    EXPECT_NE(samples.find(",wattmeter,energy,12.345,Wh,ok\n"), std::string::npos);
    EXPECT_NE(samples.find(",wattmeter,power,,W,unavailable\n"), std::string::npos);
    const std::string events = read_whole(out / "events.log");
    EXPECT_NE(events.find("marked a reading with range_change"), std::string::npos) << events;
    const std::string phases = read_whole(out / "phases.csv");
    EXPECT_NE(phases.find("range_change"), std::string::npos) << phases;
    const std::string manifest = read_whole(out / "manifest.json");
    EXPECT_NE(manifest.find("66204M000066"), std::string::npos);
    EXPECT_NE(manifest.find("current_range_in_use"), std::string::npos);
    EXPECT_EQ(emulator.channel(), 2);
    fs::remove_all(dir);
}

}  // namespace
}  // namespace wattbench::drivers::chroma
