#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "tests/drivers/ptdaemon/ptd_emulator.hpp"
#include "tests/emulators/stream_server.hpp"
#include "tests/support/run_program.hpp"

namespace wattbench::drivers::ptdaemon {
namespace {

namespace fs = std::filesystem;
using tests::emulators::PtdEmulator;
using tests::emulators::StreamServer;
using wattbench::testing::read_whole;

// A whole `wattbench run` of two idle phases through PTD: readings on the grid, a Mark per
// window, and PTD's own Watts and Uncertainty of each window in the manifest's device entry
// and in events.log; the measurement is stopped at the end.
TEST(PtdRun, TwoPhasesRecordPtdsWindowFigures) {
    PtdEmulator emulator;
    StreamServer server(StreamServer::Kind::tcp,
                        [&](std::string& in) { return emulator.handle(in); });
    const auto tcp = server.connection();
    const fs::path dir = fs::temp_directory_path() / ("wb_ptd_run_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const fs::path profile = dir / "ptd.toml";
    std::ofstream(profile) << "[run]\nname = \"ptd-run\"\ninterval = \"500ms\"\nwarmup = \"1s\"\n"
                              "window = \"3s\"\n\n[[device]]\nid = \"ptd\"\ndriver = \"ptdaemon\"\n"
                              "connection = \"ptd://"
                           << tcp.substr(tcp.find("://") + 3)
                           << "\"\ninterval_ms = 500\nvoltage_range = 300\ncurrent_range = 5\n\n"
                              "[[phase]]\nname = \"idle\"\nload = \"idle\"\n\n"
                              "[[phase]]\nname = \"second\"\nload = \"idle\"\n";
    const fs::path out = dir / "run";
    const auto r = wattbench::testing::run_program(
        {WATTBENCH_BIN, "run", profile.string(), "--out", out.string()}, dir);
    ASSERT_EQ(r.exit_code, 0) << r.err << r.out;

    const std::string samples = read_whole(out / "samples.csv");
    EXPECT_NE(samples.find(",ptd,power,120.5,W,ok\n"), std::string::npos)
        << samples.substr(0, 2000);
    EXPECT_NE(samples.find(",ptd,power_factor,0.845,1,ok\n"), std::string::npos);

    const std::string manifest = read_whole(out / "manifest.json");
    for (const char* key : {"\"ptd_idle_watts_avg\": 120.5", "\"ptd_second_watts_avg\": 120.5",
                            "\"ptd_idle_uncertainty\": 0.0015", "\"ptd_second_samples\"",
                            "\"ptd_idle_valid\": \"1\"", "\"ptd_model\": \"WT310\"",
                            "\"ptd_version\": \"1.11.1\"", "\"voltage_range_in_use\": 300.0"}) {
        EXPECT_NE(manifest.find(key), std::string::npos) << key << "\n" << manifest;
    }
    const std::string events = read_whole(out / "events.log");
    EXPECT_NE(events.find("PTDaemon's figures for the window of phase 'idle': 120.5 W mean"),
              std::string::npos)
        << events;
    EXPECT_NE(events.find("PTDaemon's figures for the window of phase 'second'"),
              std::string::npos);
    EXPECT_EQ(emulator.count("Mark,idle"), 1);
    EXPECT_EQ(emulator.count("Mark,second"), 1);
    EXPECT_EQ(emulator.count("Watts"), 2);
    EXPECT_EQ(emulator.count("Go,500,0,"), 1);
    EXPECT_FALSE(emulator.measuring());
    fs::remove_all(dir);
}

}  // namespace
}  // namespace wattbench::drivers::ptdaemon
