#include "app/core/stats/uncertainty.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "app/core/stats/window_accumulator.hpp"

namespace wattbench::core::stats {
namespace {

using drivers::api::Accuracy;
using namespace std::chrono_literals;

TEST(Uncertainty, MeterTermAloneForASteadyReading) {
    // WT310 at 100 W on a 300 V × 1 A range: 0.1 % · 100 + 0.1 % · 300 = 0.4 W → 0.4 %.
    EXPECT_NEAR(relative_uncertainty({0.001, 0.001, 300.0}, 100.0, 0.0, 600), 0.004, 1e-12);
    // Range unknown (auto): taken at the reading → 0.2 %.
    EXPECT_NEAR(relative_uncertainty({0.001, 0.001, 0.0}, 100.0, 0.0, 600), 0.002, 1e-12);
}

TEST(Uncertainty, StandardErrorAddsInQuadrature) {
    // 1.5 % meter, stddev 8 W over 16 samples → SE 2 W; at 100 W: hypot(1.5, 2) = 2.5 W.
    EXPECT_NEAR(relative_uncertainty({0.015, 0.0, 0.0}, 100.0, 8.0, 16), 0.025, 1e-12);
    EXPECT_NEAR(relative_uncertainty({0.015, 0.0, 0.0}, -100.0, 8.0, 16), 0.025, 1e-12);
}

TEST(Uncertainty, NoRelativeFigureWithoutAMean) {
    EXPECT_TRUE(std::isinf(relative_uncertainty({0.01, 0.0, 0.0}, 0.0, 0.0, 10)));
    EXPECT_TRUE(std::isinf(relative_uncertainty({0.01, 0.0, 0.0}, 100.0, 0.0, 0)));
}

record::Catalog catalog_with(std::optional<Accuracy> accuracy) {
    record::Catalog c;
    record::DeviceChannels wm;
    wm.device_id = "wattmeter";
    wm.driver = "yokogawa-wt310";
    wm.interval = 1s;
    drivers::api::ChannelSpec p;
    p.name = "power";
    p.quantity = drivers::api::Quantity::power;
    p.unit = "W";
    p.accuracy = accuracy;
    drivers::api::ChannelSpec v;
    v.name = "voltage";
    v.quantity = drivers::api::Quantity::voltage;
    v.unit = "V";
    v.accuracy = accuracy;  // ignored: only power channels get a figure
    wm.channels = {p, v};
    c.devices.push_back(wm);
    c.phase_names = {"idle"};
    c.phase_loads = {"idle"};
    return c;
}

std::vector<ChannelSummary> run_window(const record::Catalog& c, double spread) {
    WindowAccumulator acc(c, 0);
    const auto utc0 = std::chrono::system_clock::time_point{} + 1'800'000'000s;
    const auto mono0 = std::chrono::steady_clock::time_point{} + 1000s;
    acc.open(utc0, mono0);
    for (int i = 0; i < 10; ++i) {
        for (std::uint32_t ch = 0; ch < 2; ++ch) {
            record::Sample s;
            s.utc = utc0 + std::chrono::seconds(i);
            s.mono = mono0 + std::chrono::seconds(i);
            s.device = 0;
            s.channel = ch;
            s.phase = 0;
            s.stage = phases::Stage::window;
            s.value = 100.0 + (i % 2 ? spread : -spread);
            acc.add(s);
        }
    }
    return acc.close(utc0 + 10s, mono0 + 10s);
}

TEST(Uncertainty, WindowRowsCarryItAndFlagAboveTheLimit) {
    auto rows = run_window(catalog_with(Accuracy{0.001, 0.001, 300.0}), 0.0);
    EXPECT_NEAR(rows[0].uncertainty, 0.004, 1e-9);
    EXPECT_EQ(rows[0].flags, "");
    EXPECT_TRUE(std::isnan(rows[1].uncertainty));

    rows = run_window(catalog_with(Accuracy{0.015, 0.0, 0.0}), 0.0);
    EXPECT_NEAR(rows[0].uncertainty, 0.015, 1e-9);
    EXPECT_EQ(rows[0].flags, "uncertainty_high");
    EXPECT_EQ(rows[1].flags, "");

    rows = run_window(catalog_with(std::nullopt), 5.0);
    EXPECT_TRUE(std::isnan(rows[0].uncertainty));
    EXPECT_EQ(rows[0].flags, "");
}

}  // namespace
}  // namespace wattbench::core::stats
