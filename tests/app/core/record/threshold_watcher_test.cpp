#include "app/core/record/threshold_watcher.hpp"

#include <gtest/gtest.h>

namespace wattbench::core::record {
namespace {

using Severity = ThresholdWatcher::Severity;

Catalog catalog() {
    Catalog c;
    DeviceChannels bmc;
    bmc.device_id = "bmc";
    drivers::api::ChannelSpec temp;
    temp.name = "system_temp";
    temp.quantity = drivers::api::Quantity::temperature;
    temp.unit = "degC";
    temp.thresholds.upper_non_critical = 50;
    temp.thresholds.upper_critical = 58;
    temp.thresholds.lower_critical = 5;
    drivers::api::ChannelSpec state;
    state.name = "cpu_temp";
    state.quantity = drivers::api::Quantity::state;
    state.unit = "state";
    drivers::api::ChannelSpec plain;
    plain.name = "power";
    plain.unit = "W";
    bmc.channels = {temp, state, plain};
    c.devices.push_back(bmc);
    return c;
}

Sample value(std::uint32_t ch, double v, drivers::api::Status st = drivers::api::Status::ok) {
    Sample s;
    s.channel = ch;
    s.value = v;
    s.status = st;
    return s;
}

Sample text(const std::string& t) {
    Sample s;
    s.channel = 1;
    s.text = t;
    return s;
}

TEST(ThresholdWatcher, Classify) {
    drivers::api::Thresholds t;
    t.upper_non_critical = 50;
    t.upper_critical = 58;
    t.lower_non_recoverable = 0;
    EXPECT_EQ(ThresholdWatcher::classify(49.9, t), Severity::normal);
    EXPECT_EQ(ThresholdWatcher::classify(50, t), Severity::warning);
    EXPECT_EQ(ThresholdWatcher::classify(58, t), Severity::critical);
    EXPECT_EQ(ThresholdWatcher::classify(-1, t), Severity::critical);
}

TEST(ThresholdWatcher, CrossingsIntoWarningCriticalAndBack) {
    const Catalog c = catalog();
    ThresholdWatcher w(c);
    EXPECT_FALSE(w.observe(value(0, 35)));
    EXPECT_FALSE(w.observe(value(0, 45)));
    auto e = w.observe(value(0, 52));
    ASSERT_TRUE(e);
    EXPECT_EQ(e->severity, Severity::warning);
    EXPECT_EQ(e->message, "bmc/system_temp = 52 degC: warning (crossed UNC 50)");
    EXPECT_FALSE(w.observe(value(0, 53)));
    e = w.observe(value(0, 60));
    ASSERT_TRUE(e);
    EXPECT_EQ(e->severity, Severity::critical);
    EXPECT_EQ(e->message, "bmc/system_temp = 60 degC: critical (crossed UC 58)");
    // A gap is not a recovery.
    EXPECT_FALSE(w.observe(value(0, 0, drivers::api::Status::unavailable)));
    e = w.observe(value(0, 40));
    ASSERT_TRUE(e);
    EXPECT_EQ(e->severity, Severity::normal);
    EXPECT_EQ(e->message, "bmc/system_temp = 40 degC: back within thresholds (was critical)");
    e = w.observe(value(0, 4));
    ASSERT_TRUE(e);
    EXPECT_EQ(e->message, "bmc/system_temp = 4 degC: critical (crossed LC 5)");
}

TEST(ThresholdWatcher, StartingOutsideALimitIsReported) {
    const Catalog c = catalog();
    ThresholdWatcher w(c);
    auto e = w.observe(value(0, 55));
    ASSERT_TRUE(e);
    EXPECT_EQ(e->severity, Severity::warning);
}

TEST(ThresholdWatcher, DiscreteStateChanges) {
    const Catalog c = catalog();
    ThresholdWatcher w(c);
    EXPECT_FALSE(w.observe(text("Low")));
    EXPECT_FALSE(w.observe(text("Low")));
    auto e = w.observe(text("High"));
    ASSERT_TRUE(e);
    EXPECT_EQ(e->message, "bmc/cpu_temp state changed: Low -> High");
}

TEST(ThresholdWatcher, ChannelsWithoutThresholdsAreQuiet) {
    const Catalog c = catalog();
    ThresholdWatcher w(c);
    EXPECT_FALSE(w.observe(value(2, 1e9)));
    Sample out_of_range = value(7, 1);
    EXPECT_FALSE(w.observe(out_of_range));
}

}  // namespace
}  // namespace wattbench::core::record
