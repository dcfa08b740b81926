#include "app/core/engine/warmup_monitor.hpp"

#include <gtest/gtest.h>

namespace wattbench::core::engine {
namespace {

record::Sample reading(std::int32_t phase, phases::Stage stage, std::uint32_t device,
                       std::uint32_t channel, double t, double value) {
    record::Sample s;
    s.phase = phase;
    s.stage = stage;
    s.device = device;
    s.channel = channel;
    s.elapsed_s = t;
    s.value = value;
    return s;
}

WarmupChannel power() {
    WarmupChannel c;
    c.device = 0;
    c.channel = 0;
    c.name = "meter/power";
    c.unit = "W";
    c.rule = {10.0, 0.5, false};
    return c;
}

TEST(WarmupMonitor, ReportsTheMomentEveryChannelTurnsStableOnce) {
    WarmupMonitor m;
    m.arm(2, {power()}, std::nullopt, 10.0);
    int turned = 0;
    for (int t = 0; t <= 20; ++t) {
        turned += m.observe(reading(2, phases::Stage::warmup, 0, 0, t, 100.0)) ? 1 : 0;
        m.observe(reading(2, phases::Stage::warmup, 0, 1, t, 1000.0 * t));  // not watched
    }
    EXPECT_EQ(turned, 1);
    EXPECT_TRUE(m.stable());
    const auto states = m.states();
    ASSERT_EQ(states.size(), 1u);
    EXPECT_EQ(states[0].name, "meter/power");
    EXPECT_TRUE(states[0].status.stable);
}

TEST(WarmupMonitor, IgnoresOtherPhasesStagesAndBadReadings) {
    WarmupMonitor m;
    m.arm(1, {power()}, std::nullopt, 10.0);
    for (int t = 0; t <= 20; ++t) {
        EXPECT_FALSE(m.observe(reading(0, phases::Stage::warmup, 0, 0, t, 100.0)));
        EXPECT_FALSE(m.observe(reading(1, phases::Stage::window, 0, 0, t, 100.0)));
        auto bad = reading(1, phases::Stage::warmup, 0, 0, t, 100.0);
        bad.status = drivers::api::Status::unavailable;
        EXPECT_FALSE(m.observe(bad));
    }
    EXPECT_FALSE(m.stable());
    EXPECT_EQ(m.states()[0].status.count, 0u);
    m.disarm();
    EXPECT_FALSE(m.observe(reading(1, phases::Stage::warmup, 0, 0, 30.0, 100.0)));
}

TEST(WarmupMonitor, NoChannelsIsNeverStable) {
    WarmupMonitor m;
    m.arm(0, {}, std::nullopt, 10.0);
    EXPECT_FALSE(m.observe(reading(0, phases::Stage::warmup, 0, 0, 1.0, 1.0)));
    EXPECT_FALSE(m.stable());
}

TEST(WarmupMonitor, CpuMeanCoversTheTrailingSpanAfterTheFirstFullInterval) {
    WarmupMonitor m;
    m.arm(0, {}, WarmupMonitor::CpuChannel{3, 0}, 10.0, 101.0);
    EXPECT_FALSE(m.cpu_mean());
    m.observe(reading(0, phases::Stage::warmup, 3, 0, 100.5, 95.0));  // still the previous load
    EXPECT_FALSE(m.cpu_mean());
    for (int t = 101; t <= 130; ++t) {
        m.observe(reading(0, phases::Stage::warmup, 3, 0, t, t < 120 ? 50.0 : 2.0));
    }
    ASSERT_TRUE(m.cpu_mean());
    EXPECT_DOUBLE_EQ(*m.cpu_mean(), 2.0);  // 120 … 130 s
    m.arm(1, {}, WarmupMonitor::CpuChannel{3, 0}, 10.0);
    EXPECT_FALSE(m.cpu_mean());
}

}  // namespace
}  // namespace wattbench::core::engine
