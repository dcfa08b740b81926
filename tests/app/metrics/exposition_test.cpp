#include "app/metrics/exposition.hpp"

#include <gtest/gtest.h>

#include <limits>

#include "tests/app/metrics/catalog_fixture.hpp"

namespace wattbench::metrics {
namespace {

using core::phases::Stage;
using drivers::api::Status;

Latest ok(double v, std::int32_t phase, Stage stage) {
    return {true, Status::ok, v, "", phase, stage};
}

Snapshot mid_run() {
    Snapshot s;
    s.catalog = std::make_shared<const core::record::Catalog>(testing::three_devices());
    s.run = "review \"A\"";
    s.phase = 1;
    s.latest = {
        {ok(71.5, 1, Stage::window), ok(0.25, 1, Stage::window), ok(0.7, 1, Stage::window),
         ok(12, 1, Stage::window)},
        {ok(31, 1, Stage::warmup),
         {true, Status::ok, 0, "Low", 1, Stage::warmup},
         {true, Status::unavailable, 0, "", 1, Stage::warmup}},
        {Latest{}},
    };
    s.devices = {{true, {10, 1, 0, 0}}, {true, {8, 0, 2, 0}}, {false, {0, 0, 0, 3}}};
    s.window_means = {{0, 0, "idle", 70.25}, {1, 2, "idle", 40.0}, {1, 1, "idle", 0.0}};
    return s;
}

TEST(Exposition, OpenMetricsByteForByte) {
    const std::string expected =
        "# HELP wattbench_power_watts Active power, latest reading.\n"
        "# TYPE wattbench_power_watts gauge\n"
        "# UNIT wattbench_power_watts watts\n"
        "wattbench_power_watts{device=\"wm\",channel=\"power\",phase=\"cpu-1\",stage=\"window\"} "
        "71.5\n"
        "# HELP wattbench_power_factor_ratio Power factor, latest reading.\n"
        "# TYPE wattbench_power_factor_ratio gauge\n"
        "# UNIT wattbench_power_factor_ratio ratio\n"
        "wattbench_power_factor_ratio{device=\"wm\",channel=\"power_factor\",phase=\"cpu-1\","
        "stage=\"window\"} 0.7\n"
        "# HELP wattbench_temperature_celsius Temperature, latest reading.\n"
        "# TYPE wattbench_temperature_celsius gauge\n"
        "# UNIT wattbench_temperature_celsius celsius\n"
        "wattbench_temperature_celsius{device=\"bmc\",channel=\"system_temp\",phase=\"cpu-1\","
        "stage=\"warmup\"} 31\n"
        "# HELP wattbench_energy_joules Energy counted by the meter, latest reading (Wh x 3600).\n"
        "# TYPE wattbench_energy_joules counter\n"
        "# UNIT wattbench_energy_joules joules\n"
        "wattbench_energy_joules_total{device=\"wm\",channel=\"energy\",phase=\"cpu-1\","
        "stage=\"window\"} 900\n"
        "# HELP wattbench_reading Latest reading of a channel whose quantity has no family of its "
        "own, in its unit.\n"
        "# TYPE wattbench_reading gauge\n"
        "wattbench_reading{device=\"wm\",channel=\"reactive\",phase=\"cpu-1\",stage=\"window\","
        "unit=\"var\"} 12\n"
        "# HELP wattbench_state Discrete sensors: 1 for the current state, 0 for the others.\n"
        "# TYPE wattbench_state stateset\n"
        "wattbench_state{device=\"bmc\",channel=\"cpu_temp\",phase=\"cpu-1\",stage=\"warmup\","
        "wattbench_state=\"Low\"} 1\n"
        "wattbench_state{device=\"bmc\",channel=\"cpu_temp\",phase=\"cpu-1\",stage=\"warmup\","
        "wattbench_state=\"High\"} 0\n"
        "# HELP wattbench_device_up 1 while the device answers, 0 while it is connecting, "
        "reconnecting or failed.\n"
        "# TYPE wattbench_device_up gauge\n"
        "wattbench_device_up{device=\"wm\"} 1\n"
        "wattbench_device_up{device=\"bmc\"} 1\n"
        "wattbench_device_up{device=\"slm\"} 0\n"
        "# HELP wattbench_readings Readings taken, by status.\n"
        "# TYPE wattbench_readings counter\n"
        "wattbench_readings_total{device=\"wm\",status=\"ok\"} 10\n"
        "wattbench_readings_total{device=\"wm\",status=\"overrange\"} 1\n"
        "wattbench_readings_total{device=\"wm\",status=\"unavailable\"} 0\n"
        "wattbench_readings_total{device=\"wm\",status=\"error\"} 0\n"
        "wattbench_readings_total{device=\"bmc\",status=\"ok\"} 8\n"
        "wattbench_readings_total{device=\"bmc\",status=\"overrange\"} 0\n"
        "wattbench_readings_total{device=\"bmc\",status=\"unavailable\"} 2\n"
        "wattbench_readings_total{device=\"bmc\",status=\"error\"} 0\n"
        "wattbench_readings_total{device=\"slm\",status=\"ok\"} 0\n"
        "wattbench_readings_total{device=\"slm\",status=\"overrange\"} 0\n"
        "wattbench_readings_total{device=\"slm\",status=\"unavailable\"} 0\n"
        "wattbench_readings_total{device=\"slm\",status=\"error\"} 3\n"
        "# HELP wattbench_phase The phase the run is in.\n"
        "# TYPE wattbench_phase info\n"
        "wattbench_phase_info{run=\"review \\\"A\\\"\",phase=\"cpu-1\",load=\"cpu\"} 1\n"
        "# HELP wattbench_window_mean Mean of a closed averaging window, in the base unit its "
        "quantity names.\n"
        "# TYPE wattbench_window_mean gauge\n"
        "wattbench_window_mean{device=\"wm\",channel=\"power\",phase=\"idle\",stage=\"window\","
        "quantity=\"power_watts\"} 70.25\n"
        "wattbench_window_mean{device=\"bmc\",channel=\"fan1\",phase=\"idle\",stage=\"window\","
        "quantity=\"fan_speed_ratio\"} 0.4\n"
        "# EOF\n";
    EXPECT_EQ(render(mid_run(), Format::openmetrics), expected);
}

TEST(Exposition, TextFormatNamesSamplesAndHasNoEof) {
    const auto text = render(mid_run(), Format::text);
    EXPECT_NE(text.find("# HELP wattbench_energy_joules_total Energy counted by the meter, latest "
                        "reading (Wh x 3600).\n# TYPE wattbench_energy_joules_total counter\n"
                        "wattbench_energy_joules_total{"),
              std::string::npos);
    EXPECT_NE(text.find("# TYPE wattbench_state gauge\n"), std::string::npos);
    EXPECT_NE(text.find("# TYPE wattbench_phase_info gauge\nwattbench_phase_info{"),
              std::string::npos);
    EXPECT_EQ(text.find("# UNIT"), std::string::npos);
    EXPECT_EQ(text.find("# EOF"), std::string::npos);
}

TEST(Exposition, MonitorSaysStageNoneAndHasNoPhase) {
    Snapshot s;
    s.catalog = std::make_shared<const core::record::Catalog>(testing::three_devices());
    s.phased = false;
    s.latest = {{ok(100, -1, Stage::between)}, {}, {ok(42.5, -1, Stage::between)}};
    s.devices = {{true, {1, 0, 0, 0}}, {false, {}}, {true, {1, 0, 0, 0}}};
    const auto text = render(s, Format::openmetrics);
    EXPECT_NE(text.find("wattbench_power_watts{device=\"wm\",channel=\"power\",phase=\"\","
                        "stage=\"none\"} 100\n"),
              std::string::npos);
    EXPECT_NE(text.find("wattbench_sound_pressure_level_decibels{device=\"slm\",channel=\"spl\","
                        "phase=\"\",stage=\"none\",weighting=\"A\"} 42.5\n"),
              std::string::npos);
    EXPECT_EQ(text.find("wattbench_phase_info"), std::string::npos);
}

TEST(Exposition, OddValuesAndStates) {
    Snapshot s;
    s.catalog = std::make_shared<const core::record::Catalog>(testing::three_devices());
    s.latest = {
        {ok(std::numeric_limits<double>::infinity(), 0, Stage::window), ok(-1, 0, Stage::window),
         ok(std::numeric_limits<double>::quiet_NaN(), 0, Stage::window),
         ok(1e21, 0, Stage::window)},
        {{}, {true, Status::ok, 5, "Nonrecoverable\n\"x\"", 0, Stage::window}, {}}};
    const auto text = render(s, Format::openmetrics);
    EXPECT_NE(text.find("stage=\"window\"} +Inf\n"), std::string::npos);
    EXPECT_NE(text.find("channel=\"power_factor\",phase=\"idle\",stage=\"window\"} NaN\n"),
              std::string::npos);
    EXPECT_NE(text.find("unit=\"var\"} 1e+21\n"), std::string::npos);
    // A negative count is no counter value: the energy sample is left out.
    EXPECT_EQ(text.find("wattbench_energy_joules"), std::string::npos);
    // A state the channel did not declare is still the current one.
    EXPECT_NE(text.find("wattbench_state=\"Low\"} 0\n"), std::string::npos);
    EXPECT_NE(text.find("wattbench_state=\"Nonrecoverable\\n\\\"x\\\"\"} 1\n"), std::string::npos);
}

TEST(Exposition, BeforeTheRunOnlyTheTerminator) {
    EXPECT_EQ(render(Snapshot{}, Format::openmetrics), "# EOF\n");
    EXPECT_EQ(render(Snapshot{}, Format::text), "");
}

TEST(Exposition, NegotiatesOnAccept) {
    EXPECT_EQ(negotiate("application/openmetrics-text;version=1.0.0,application/"
                        "openmetrics-text;version=0.0.1;q=0.75,text/plain;version=0.0.4;q=0.5,*/"
                        "*;q=0.1"),
              Format::openmetrics);
    EXPECT_EQ(negotiate("*/*"), Format::text);
    EXPECT_EQ(negotiate(""), Format::text);
}

}  // namespace
}  // namespace wattbench::metrics
