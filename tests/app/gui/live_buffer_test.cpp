#include "app/gui/history/live_buffer.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

namespace wattbench::gui::history {
namespace {

std::vector<core::record::Sample> samples(int n) {
    std::vector<core::record::Sample> out(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        out[static_cast<std::size_t>(i)].value = i;
        out[static_cast<std::size_t>(i)].utc =
            std::chrono::system_clock::time_point(std::chrono::seconds(1000 + i));
    }
    return out;
}

TEST(LiveBuffer, WakesOncePerDrain) {
    LiveBuffer b;
    int wakes = 0;
    b.set_wake([&] { ++wakes; });
    const auto s = samples(3);
    b.on_readings(s);
    b.on_readings(s);
    b.on_event({});
    EXPECT_EQ(wakes, 1);
    auto batch = b.drain();
    EXPECT_EQ(batch.samples.size(), 6u);
    EXPECT_EQ(batch.events.size(), 1u);
    EXPECT_EQ(batch.samples[1].t, 1001.0);
    EXPECT_TRUE(b.drain().empty());
    b.on_readings(s);
    EXPECT_EQ(wakes, 2);
}

TEST(LiveBuffer, CapsPendingReadingsAndCountsTheDropped) {
    LiveBuffer b(5);
    b.on_readings(samples(4));
    b.on_readings(samples(4));
    auto batch = b.drain();
    ASSERT_EQ(batch.samples.size(), 5u);
    EXPECT_EQ(batch.dropped_samples, 3u);
    EXPECT_EQ(batch.samples.back().value, 3.0);  // the newest are kept
}

TEST(LiveBuffer, KeepsEveryKindOfCallback) {
    LiveBuffer b;
    core::record::Catalog c;
    c.phase_names = {"idle"};
    b.on_started(c);
    core::engine::StageChange sc;
    sc.phase = 0;
    sc.stage = core::phases::Stage::warmup;
    sc.since = std::chrono::steady_clock::now();
    b.on_stage(sc);
    b.on_device_state({});
    b.on_phase_finished({});
    b.on_finished({});
    b.on_prompt({});
    b.on_prompt_withdrawn(3);
    auto batch = b.drain();
    ASSERT_TRUE(batch.started);
    EXPECT_EQ(batch.started->phase_names.front(), "idle");
    ASSERT_EQ(batch.stages.size(), 1u);
    // The stage's steady-clock start lands on the UTC axis within a second of now.
    const double now = utc_seconds(std::chrono::system_clock::now());
    EXPECT_NEAR(batch.stages[0].t, now, 1.0);
    EXPECT_EQ(batch.devices.size(), 1u);
    EXPECT_EQ(batch.phases.size(), 1u);
    EXPECT_TRUE(batch.finished);
    EXPECT_EQ(batch.prompts.size(), 1u);
    EXPECT_EQ(batch.withdrawn_prompts, std::vector<std::uint64_t>{3});
}

TEST(LiveBuffer, KeepsTheLatestGrownCatalog) {
    LiveBuffer b;
    core::record::Catalog c;
    c.devices.resize(1);
    b.on_catalog_changed(c);
    c.devices[0].channels.resize(3);
    b.on_catalog_changed(c);
    auto batch = b.drain();
    EXPECT_FALSE(batch.empty());
    ASSERT_TRUE(batch.catalog);
    EXPECT_EQ(batch.catalog->devices[0].channels.size(), 3u);
    EXPECT_TRUE(b.drain().empty());
}

TEST(LiveBuffer, ConcurrentProducersLoseNothing) {
    LiveBuffer b;
    std::atomic<bool> stop{false};
    std::size_t drained = 0;
    std::thread consumer([&] {
        while (!stop.load()) {
            drained += b.drain().samples.size();
        }
    });
    std::vector<std::thread> producers;
    for (int p = 0; p < 4; ++p) {
        producers.emplace_back([&] {
            const auto s = samples(10);
            for (int i = 0; i < 1000; ++i) {
                b.on_readings(s);
            }
        });
    }
    for (auto& t : producers) {
        t.join();
    }
    stop.store(true);
    consumer.join();
    drained += b.drain().samples.size();
    EXPECT_EQ(drained, 40'000u);
}

}  // namespace
}  // namespace wattbench::gui::history
