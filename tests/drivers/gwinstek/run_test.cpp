// `wattbench run` end to end: the real binary measuring an emulated GPM-8213 over TCP, one
// short phase.
#include <gtest/gtest.h>

#include "tests/drivers/gwinstek/gpm_emulator.hpp"
#include "tests/drivers/scpi_analyzer/analyzer_run.hpp"
#include "tests/emulators/stream_server.hpp"

namespace wattbench {
namespace {

using tests::emulators::StreamServer;
using tests::gwinstek::GpmEmulator;

TEST(GwinstekRun, Gpm8213OverTcp) {
    GpmEmulator emulator("GPM-8213");
    StreamServer server(StreamServer::Kind::tcp,
                        [&](std::string& in) { return emulator.handle(in); });
    const auto r = testing::run_analyzer(
        "gwinstek", "driver = \"gwinstek-gpm8213\"\nconnection = \"" + server.connection() +
                        "\"\nvoltage_range = \"300V\"\ncurrent_range = \"500mA\"\n"
                        "update_interval = 0.5\n");
    ASSERT_EQ(r.program.exit_code, 0) << r.program.err << r.program.out;
    EXPECT_NEAR(testing::phase_value(r.phases, "power", "W").value_or(-1), 17.688, 1e-6)
        << r.phases;
    EXPECT_TRUE(testing::phase_value(r.phases, "reactive_power", "var")) << r.phases;
    ASSERT_TRUE(r.device.contains("settings")) << r.device.dump();
    EXPECT_NE(r.device.dump().find("GPM-8213"), std::string::npos) << r.device.dump();
    EXPECT_EQ(r.device["settings"]["voltage_range_in_use"], 300.0) << r.device.dump();
    EXPECT_EQ(r.device["settings"]["current_range_in_use"], 0.5) << r.device.dump();
    EXPECT_EQ(emulator.rate(), "500MS");
    EXPECT_GT(emulator.value_queries(), 4);
}

}  // namespace
}  // namespace wattbench
