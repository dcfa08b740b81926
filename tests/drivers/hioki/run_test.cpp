// `wattbench run` end to end: the real binary measuring an emulated PW3335 over TCP, one
// short phase.
#include <gtest/gtest.h>

#include "tests/drivers/hioki/hioki_emulator.hpp"
#include "tests/drivers/scpi_analyzer/analyzer_run.hpp"
#include "tests/emulators/stream_server.hpp"

namespace wattbench {
namespace {

using tests::emulators::StreamServer;
using tests::hioki::HiokiEmulator;

TEST(HiokiRun, Pw3335OverTcp) {
    HiokiEmulator emulator("PW3335");
    StreamServer server(StreamServer::Kind::tcp,
                        [&](std::string& in) { return emulator.handle(in); });
    const auto r = testing::run_analyzer(
        "hioki", "driver = \"hioki-pw3335\"\nconnection = \"" + server.connection() +
                     "\"\nvoltage_range = \"300V\"\ncurrent_range = \"2A\"\n");
    ASSERT_EQ(r.program.exit_code, 0) << r.program.err << r.program.out;
    EXPECT_NEAR(testing::phase_value(r.phases, "power", "W").value_or(-1), 87.52, 1e-6) << r.phases;
    EXPECT_TRUE(testing::phase_value(r.phases, "energy", "Wh")) << r.phases;
    ASSERT_TRUE(r.device.contains("settings")) << r.device.dump();
    EXPECT_NE(r.device.dump().find("PW3335"), std::string::npos) << r.device.dump();
    EXPECT_EQ(r.device["settings"]["voltage_range_in_use"], 300.0) << r.device.dump();
    EXPECT_EQ(r.device["settings"]["current_range_in_use"], 2.0) << r.device.dump();
    EXPECT_GT(emulator.measure_queries(), 4);
}

}  // namespace
}  // namespace wattbench
