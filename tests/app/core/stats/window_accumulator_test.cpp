#include "app/core/stats/window_accumulator.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace wattbench::core::stats {
namespace {

using drivers::api::ChannelSpec;
using drivers::api::Quantity;
using drivers::api::Status;
using namespace std::chrono_literals;

ChannelSpec spec(std::string name, Quantity quantity, std::string unit,
                 std::vector<std::string> states = {}) {
    ChannelSpec s;
    s.name = std::move(name);
    s.quantity = quantity;
    s.unit = std::move(unit);
    s.states = std::move(states);
    return s;
}

record::Catalog make_catalog() {
    record::Catalog c;
    record::DeviceChannels wm;
    wm.device_id = "wattmeter";
    wm.driver = "sim";
    wm.interval = 1s;
    wm.channels.push_back(spec("power", Quantity::power, "W"));
    wm.channels.push_back(spec("voltage", Quantity::voltage, "V"));
    c.devices.push_back(wm);
    record::DeviceChannels bmc;
    bmc.device_id = "bmc";
    bmc.driver = "ipmi";
    bmc.interval = 2s;
    bmc.channels.push_back(spec("cpu_temp", Quantity::state, "state", {"Low", "High"}));
    c.devices.push_back(bmc);
    c.phase_names = {"idle", "cpu-1"};
    c.phase_loads = {"idle", "cpu"};
    return c;
}

struct Clock {
    std::chrono::system_clock::time_point utc0 =
        std::chrono::system_clock::time_point{} + std::chrono::seconds(1'800'000'000);
    std::chrono::steady_clock::time_point mono0 = std::chrono::steady_clock::time_point{} + 1000s;
};

class WindowAccumulatorTest : public ::testing::Test {
protected:
    record::Sample sample(std::chrono::nanoseconds t, std::uint32_t device, std::uint32_t channel,
                          double value, Status status = Status::ok) const {
        record::Sample s;
        s.utc = clock.utc0 + std::chrono::duration_cast<std::chrono::system_clock::duration>(t);
        s.mono = clock.mono0 + t;
        s.device = device;
        s.channel = channel;
        s.phase = 1;
        s.stage = phases::Stage::window;
        s.status = status;
        s.value = value;
        return s;
    }

    std::vector<ChannelSummary> close_after(WindowAccumulator& acc,
                                            std::chrono::nanoseconds duration) const {
        return acc.close(
            clock.utc0 + std::chrono::duration_cast<std::chrono::system_clock::duration>(duration),
            clock.mono0 + duration);
    }

    record::Catalog catalog = make_catalog();
    Clock clock;
};

TEST_F(WindowAccumulatorTest, ConstantPowerStatsAndEnergy) {
    WindowAccumulator acc(catalog, 1);
    acc.open(clock.utc0, clock.mono0);
    for (int i = 0; i < 60; ++i) {
        acc.add(sample(std::chrono::seconds(i), 0, 0, 100.0));
    }
    const auto rows = close_after(acc, 60s);
    ASSERT_EQ(rows.size(), 3u);
    const ChannelSummary& p = rows[0];
    EXPECT_EQ(p.phase, "cpu-1");
    EXPECT_EQ(p.load, "cpu");
    EXPECT_EQ(p.device, "wattmeter");
    EXPECT_EQ(p.channel, "power");
    EXPECT_EQ(p.unit, "W");
    EXPECT_EQ(p.samples, 60u);
    EXPECT_EQ(p.invalid, 0u);
    EXPECT_EQ(p.mean, 100.0);
    EXPECT_EQ(p.min, 100.0);
    EXPECT_EQ(p.max, 100.0);
    EXPECT_EQ(p.stddev, 0.0);
    EXPECT_DOUBLE_EQ(p.coverage, 1.0);
    // 60 readings span 59 one-second intervals: 5900 Ws.
    EXPECT_DOUBLE_EQ(p.energy_wh, 5900.0 / 3600.0);
    EXPECT_NEAR(p.energy_wh, 1.6389, 1e-4);
    EXPECT_EQ(p.start, clock.utc0);
    EXPECT_EQ(p.end, clock.utc0 + 60s);
}

TEST_F(WindowAccumulatorTest, IgnoresOtherPhasesStagesAndUnknownChannels) {
    WindowAccumulator acc(catalog, 1);
    acc.open(clock.utc0, clock.mono0);
    auto other_phase = sample(0s, 0, 0, 999.0);
    other_phase.phase = 0;
    auto warmup = sample(0s, 0, 0, 999.0);
    warmup.stage = phases::Stage::warmup;
    auto between = sample(0s, 0, 0, 999.0);
    between.stage = phases::Stage::between;
    between.phase = -1;
    acc.add(other_phase);
    acc.add(warmup);
    acc.add(between);
    acc.add(sample(0s, 7, 0, 999.0));
    acc.add(sample(0s, 0, 9, 999.0));
    acc.add(sample(1s, 0, 0, 50.0));
    acc.add(sample(2s, 0, 0, 70.0));
    const auto rows = close_after(acc, 2s);
    EXPECT_EQ(rows[0].samples, 2u);
    EXPECT_EQ(rows[0].invalid, 0u);
    EXPECT_DOUBLE_EQ(rows[0].mean, 60.0);
    EXPECT_EQ(rows[0].max, 70.0);
    EXPECT_DOUBLE_EQ(rows[0].energy_wh, 60.0 / 3600.0);
}

TEST_F(WindowAccumulatorTest, CoverageCountsInvalidAndMissingReadings) {
    WindowAccumulator acc(catalog, 1);
    acc.open(clock.utc0, clock.mono0);
    for (int i = 0; i < 40; ++i) {
        acc.add(sample(std::chrono::seconds(i), 0, 0, 100.0));
    }
    for (int i = 40; i < 45; ++i) {
        acc.add(sample(std::chrono::seconds(i), 0, 0, 0.0, Status::unavailable));
    }
    acc.add(sample(45s, 0, 0, 0.0, Status::overrange));
    acc.add(sample(46s, 0, 0, 0.0, Status::error));
    acc.add(sample(47s, 0, 0, std::numeric_limits<double>::quiet_NaN()));
    // Nothing at all for 48..59: the device was gone.
    const auto rows = close_after(acc, 60s);
    EXPECT_EQ(rows[0].samples, 40u);
    EXPECT_EQ(rows[0].invalid, 8u);
    EXPECT_DOUBLE_EQ(rows[0].coverage, 40.0 / 60.0);
}

TEST_F(WindowAccumulatorTest, CoverageUsesReadingsWhenMoreThanExpected) {
    WindowAccumulator acc(catalog, 1);
    acc.open(clock.utc0, clock.mono0);
    // A 10 s window on a 1 s grid can hold 11 ticks (both ends).
    for (int i = 0; i <= 10; ++i) {
        acc.add(sample(std::chrono::seconds(i), 0, 1, 230.0, i == 3 ? Status::error : Status::ok));
    }
    const auto rows = close_after(acc, 10s);
    EXPECT_EQ(rows[1].samples, 10u);
    EXPECT_DOUBLE_EQ(rows[1].coverage, 10.0 / 11.0);
    EXPECT_EQ(rows[1].energy_wh, 0.0);  // not a power channel
}

TEST_F(WindowAccumulatorTest, CoverageUsesTheDevicesOwnInterval) {
    WindowAccumulator acc(catalog, 1);
    acc.open(clock.utc0, clock.mono0);
    for (int i = 0; i < 5; ++i) {
        auto s = sample(std::chrono::seconds(2 * i), 1, 0, 0.0);
        s.text = "Low";
        acc.add(s);
    }
    const auto rows = close_after(acc, 10s + 999ms);
    EXPECT_DOUBLE_EQ(rows[2].coverage, 1.0);  // floor(10.999 s / 2 s) = 5 expected
    EXPECT_EQ(rows[0].coverage, 0.0);         // the wattmeter said nothing
    EXPECT_EQ(rows[0].samples, 0u);
    EXPECT_TRUE(std::isnan(rows[0].mean));
    EXPECT_TRUE(std::isnan(rows[0].min));
    EXPECT_TRUE(std::isnan(rows[0].max));
    EXPECT_TRUE(std::isnan(rows[0].stddev));
}

TEST_F(WindowAccumulatorTest, DiscreteChannelCountsStates) {
    WindowAccumulator acc(catalog, 1);
    acc.open(clock.utc0, clock.mono0);
    const char* texts[] = {"Low", "Low", "High", "Low"};
    int t = 0;
    for (const char* text : texts) {
        auto s = sample(std::chrono::seconds(2 * t++), 1, 0, 0.0);
        s.text = text;
        acc.add(s);
    }
    acc.add(sample(8s, 1, 0, 1.0));  // no text: state index 1 is "High"
    acc.add(sample(10s, 1, 0, 0.0, Status::unavailable));
    const auto rows = close_after(acc, 12s);
    const ChannelSummary& d = rows[2];
    EXPECT_EQ(d.device, "bmc");
    EXPECT_EQ(d.channel, "cpu_temp");
    EXPECT_EQ(d.unit, "state");
    EXPECT_EQ(d.samples, 5u);
    EXPECT_EQ(d.invalid, 1u);
    EXPECT_EQ(d.states, (std::map<std::string, std::uint64_t>{{"High", 2}, {"Low", 3}}));
    EXPECT_TRUE(std::isnan(d.mean));
    EXPECT_TRUE(std::isnan(d.min));
    EXPECT_TRUE(std::isnan(d.max));
    EXPECT_TRUE(std::isnan(d.stddev));
    EXPECT_DOUBLE_EQ(d.coverage, 5.0 / 6.0);
    EXPECT_EQ(d.energy_wh, 0.0);
}

TEST_F(WindowAccumulatorTest, EnergyIsTrapezoidal) {
    WindowAccumulator acc(catalog, 1);
    acc.open(clock.utc0, clock.mono0);
    acc.add(sample(0s, 0, 0, 0.0));
    acc.add(sample(1s, 0, 0, 100.0));
    acc.add(sample(1500ms, 0, 0, 200.0));
    const auto rows = close_after(acc, 2s);
    EXPECT_DOUBLE_EQ(rows[0].energy_wh, (50.0 + 75.0) / 3600.0);
}

TEST_F(WindowAccumulatorTest, EnergyDoesNotBridgeLongGaps) {
    WindowAccumulator acc(catalog, 1);
    acc.open(clock.utc0, clock.mono0);
    for (int i = 0; i < 10; ++i) {
        acc.add(sample(std::chrono::seconds(i), 0, 0, 100.0));
    }
    for (int i = 20; i < 30; ++i) {
        acc.add(sample(std::chrono::seconds(i), 0, 0, 100.0));
    }
    const auto rows = close_after(acc, 30s);
    EXPECT_DOUBLE_EQ(rows[0].energy_wh, 18 * 100.0 / 3600.0);
}

TEST_F(WindowAccumulatorTest, EnergyBridgesUpToTwoAndAHalfIntervals) {
    const auto energy_with_gap = [&](std::chrono::milliseconds gap) {
        WindowAccumulator acc(catalog, 1);
        acc.open(clock.utc0, clock.mono0);
        acc.add(sample(0s, 0, 0, 100.0));
        acc.add(sample(gap, 0, 0, 100.0));
        return close_after(acc, 10s)[0].energy_wh * 3600.0;
    };
    EXPECT_DOUBLE_EQ(energy_with_gap(2000ms), 200.0);  // one missed poll
    EXPECT_DOUBLE_EQ(energy_with_gap(2500ms), 250.0);
    EXPECT_EQ(energy_with_gap(2501ms), 0.0);
    EXPECT_EQ(energy_with_gap(3000ms), 0.0);
}

TEST_F(WindowAccumulatorTest, InvalidReadingsBetweenOkOnesDoNotBreakShortSpans) {
    WindowAccumulator acc(catalog, 1);
    acc.open(clock.utc0, clock.mono0);
    acc.add(sample(0s, 0, 0, 100.0));
    acc.add(sample(1s, 0, 0, 0.0, Status::unavailable));
    acc.add(sample(2s, 0, 0, 100.0));
    const auto rows = close_after(acc, 3s);
    EXPECT_DOUBLE_EQ(rows[0].energy_wh, 200.0 / 3600.0);
}

TEST_F(WindowAccumulatorTest, SamplesBeforeOpenStillCountAndCloseCanRepeat) {
    WindowAccumulator acc(catalog, 1);
    acc.add(sample(0s, 0, 1, 229.0));
    acc.open(clock.utc0, clock.mono0);
    acc.add(sample(1s, 0, 1, 231.0));
    auto rows = close_after(acc, 2s);
    EXPECT_EQ(rows[1].samples, 2u);
    EXPECT_DOUBLE_EQ(rows[1].mean, 230.0);
    EXPECT_NEAR(rows[1].stddev, std::sqrt(2.0), 1e-12);
    acc.add(sample(2s, 0, 1, 230.0));
    rows = close_after(acc, 3s);
    EXPECT_EQ(rows[1].samples, 3u);
    EXPECT_EQ(rows[1].end, clock.utc0 + 3s);
}

TEST_F(WindowAccumulatorTest, UnknownPhaseHasEmptyNames) {
    WindowAccumulator acc(catalog, 5);
    acc.open(clock.utc0, clock.mono0);
    const auto rows = close_after(acc, 1s);
    ASSERT_EQ(rows.size(), 3u);
    EXPECT_EQ(rows[0].phase, "");
    EXPECT_EQ(rows[0].load, "");
}

TEST_F(WindowAccumulatorTest, SoundChannelsAverageOnEnergyWithL10AndL90) {
    record::DeviceChannels slm;
    slm.device_id = "slm";
    slm.driver = "wensn-ws1361";
    slm.interval = 1s;
    slm.channels.push_back(spec("spl", Quantity::sound, "dBA"));
    catalog.devices.push_back(slm);
    WindowAccumulator acc(catalog, 1);
    acc.open(clock.utc0, clock.mono0);
    acc.add(sample(0s, 2, 0, 50.0));
    acc.add(sample(1s, 2, 0, 70.0));
    acc.add(sample(2s, 2, 0, 0.0, Status::overrange));
    const auto rows = close_after(acc, 3s);
    ASSERT_EQ(rows.size(), 4u);
    const ChannelSummary& spl = rows[3];
    EXPECT_EQ(spl.unit, "dBA");
    EXPECT_EQ(spl.samples, 2u);
    EXPECT_EQ(spl.invalid, 1u);
    EXPECT_NEAR(spl.mean, 67.0329, 1e-4);  // not 60
    EXPECT_EQ(spl.min, 50.0);
    EXPECT_EQ(spl.max, 70.0);
    EXPECT_DOUBLE_EQ(spl.l10, 70.0);
    EXPECT_DOUBLE_EQ(spl.l90, 50.0);
    EXPECT_TRUE(std::isnan(rows[0].l10));  // power: no percentile levels
    EXPECT_EQ(rows[0].samples, 0u);
}

}  // namespace
}  // namespace wattbench::core::stats
