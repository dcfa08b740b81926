#include "app/gui/history/run_history.hpp"

#include <gtest/gtest.h>

namespace wattbench::gui::history {
namespace {

using core::phases::Stage;

core::record::Catalog two_channels() {
    core::record::Catalog c;
    core::record::DeviceChannels d;
    d.device_id = "wattmeter";
    drivers::api::ChannelSpec p;
    p.name = "power";
    p.unit = "W";
    p.quantity = drivers::api::Quantity::power;
    d.channels.push_back(p);
    p.name = "voltage";
    p.unit = "V";
    p.quantity = drivers::api::Quantity::voltage;
    d.channels.push_back(p);
    c.devices.push_back(d);
    return c;
}

TEST(RunHistory, BandsFollowTheStages) {
    RunHistory h;
    h.reset(two_channels());
    h.on_stage(0, "idle", Stage::warmup, 10.0);
    h.on_stage(0, "idle", Stage::window, 15.0);
    h.on_stage(-1, "", Stage::between, 25.0);
    h.on_stage(1, "cpu-1", Stage::warmup, 26.0);
    ASSERT_EQ(h.bands().size(), 2u);
    const auto& idle = h.bands()[0];
    EXPECT_EQ(idle.name, "idle");
    EXPECT_EQ(idle.start, 10.0);
    EXPECT_EQ(idle.window_start, 15.0);
    EXPECT_EQ(idle.window_end, 25.0);
    EXPECT_EQ(idle.end, 25.0);
    EXPECT_TRUE(h.bands()[1].open());
    EXPECT_FALSE(h.bands()[1].has_window());
}

TEST(RunHistory, ANewPhaseClosesTheOpenBand) {
    RunHistory h;
    h.reset(two_channels());
    h.on_stage(0, "idle", Stage::warmup, 0.0);
    h.on_stage(1, "cpu-1", Stage::warmup, 5.0);
    ASSERT_EQ(h.bands().size(), 2u);
    EXPECT_EQ(h.bands()[0].end, 5.0);
    EXPECT_FALSE(h.bands()[0].has_window());
}

TEST(RunHistory, OnlyValidReadingsAreCharted) {
    RunHistory h;
    h.reset(two_channels());
    LiveSample s;
    s.t = 100.0;
    s.value = 71.5;
    h.add(s);
    s.t = 101.0;
    s.status = drivers::api::Status::unavailable;
    h.add(s);
    s.device = 7;  // unknown: ignored
    h.add(s);
    EXPECT_EQ(h.channel(0, 0)->recent().size(), 1u);
    EXPECT_EQ(h.first_t(), 100.0);
    EXPECT_EQ(h.last_t(), 101.0);
    EXPECT_EQ(h.channel(0, 2), nullptr);
}

}  // namespace
}  // namespace wattbench::gui::history
