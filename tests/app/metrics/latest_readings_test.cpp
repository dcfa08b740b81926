#include "app/metrics/latest_readings.hpp"

#include <gtest/gtest.h>

#include "tests/app/metrics/catalog_fixture.hpp"

namespace wattbench::metrics {
namespace {

using core::phases::Stage;
using drivers::api::Status;

core::record::Sample sample(std::uint32_t d, std::uint32_t c, double v, Status st = Status::ok) {
    core::record::Sample s;
    s.device = d;
    s.channel = c;
    s.value = v;
    s.status = st;
    s.phase = 0;
    s.stage = Stage::window;
    return s;
}

TEST(LatestReadings, KeepsOnlyTheLatestReadingAndCountsStatuses) {
    LatestReadings r("review", true);
    r.on_started(testing::three_devices());
    std::vector<core::record::Sample> batch;
    for (int i = 0; i < 1000; ++i) {
        batch.push_back(sample(0, 0, 60.0 + i));
    }
    batch.push_back(sample(0, 1, 0, Status::overrange));
    batch.push_back(sample(7, 0, 1));  // a device the catalog does not have is ignored
    r.on_readings(batch);
    r.on_device_state({0, "wm", core::sampling::DeviceState::ok, ""});
    r.on_device_state({2, "slm", core::sampling::DeviceState::reconnecting, "timeout"});

    const auto s = r.snapshot();
    ASSERT_EQ(s.latest.size(), 3u);
    ASSERT_EQ(s.latest[0].size(), 4u);
    EXPECT_TRUE(s.latest[0][0].seen);
    EXPECT_DOUBLE_EQ(s.latest[0][0].value, 1059.0);
    EXPECT_EQ(s.latest[0][0].stage, Stage::window);
    EXPECT_EQ(s.latest[0][1].status, Status::overrange);
    EXPECT_FALSE(s.latest[1][0].seen);
    EXPECT_EQ(s.devices[0].readings[0], 1000u);
    EXPECT_EQ(s.devices[0].readings[1], 1u);
    EXPECT_TRUE(s.devices[0].up);
    EXPECT_FALSE(s.devices[1].up);
    EXPECT_FALSE(s.devices[2].up);
    EXPECT_TRUE(s.phased);
    EXPECT_EQ(s.run, "review");
}

TEST(LatestReadings, FollowsThePhaseAndKeepsWindowMeans) {
    LatestReadings r("review", true);
    r.on_started(testing::three_devices());
    r.on_stage({0, "idle", Stage::warmup, {}, {}, {}});
    EXPECT_EQ(r.snapshot().phase, 0);
    r.on_stage({-1, "", Stage::between, {}, {}, {}});
    EXPECT_EQ(r.snapshot().phase, 0);

    core::engine::PhaseFinished f;
    f.phase = 0;
    f.name = "idle";
    core::stats::ChannelSummary power;
    power.phase = "idle";
    power.device = "wm";
    power.channel = "power";
    power.samples = 10;
    power.mean = 71.5;
    core::stats::ChannelSummary empty = power;
    empty.channel = "energy";
    empty.samples = 0;
    f.summaries = {power, empty};
    r.on_phase_finished(f);
    const auto s = r.snapshot();
    ASSERT_EQ(s.window_means.size(), 1u);
    EXPECT_EQ(s.window_means[0].device, 0u);
    EXPECT_EQ(s.window_means[0].channel, 0u);
    EXPECT_EQ(s.window_means[0].phase, "idle");
    EXPECT_DOUBLE_EQ(s.window_means[0].mean, 71.5);
}

TEST(LatestReadings, ANewRunStartsAfresh) {
    LatestReadings r("first", true);
    r.on_started(testing::three_devices());
    r.on_readings(std::vector{sample(0, 0, 71.5)});
    r.on_stage({1, "cpu-1", Stage::window, {}, {}, {}});
    r.set_run_name("second");
    r.on_started(testing::three_devices());
    const auto s = r.snapshot();
    EXPECT_FALSE(s.latest[0][0].seen);
    EXPECT_EQ(s.devices[0].readings[0], 0u);
    EXPECT_EQ(s.phase, -1);
    EXPECT_EQ(s.run, "second");
}

TEST(LatestReadings, GrowsWithALateCatalog) {
    LatestReadings r("m", false);
    auto cat = testing::three_devices();
    cat.devices[1].channels.clear();
    r.on_started(cat);
    r.on_readings(std::vector{sample(1, 0, 30.0)});
    EXPECT_FALSE(r.snapshot().latest[1].size() > 0);
    r.on_catalog_changed(testing::three_devices());
    r.on_readings(std::vector{sample(1, 0, 30.0)});
    const auto s = r.snapshot();
    EXPECT_TRUE(s.latest[1][0].seen);
    EXPECT_EQ(s.catalog->devices[1].channels.size(), 3u);
    EXPECT_FALSE(s.phased);
}

}  // namespace
}  // namespace wattbench::metrics
