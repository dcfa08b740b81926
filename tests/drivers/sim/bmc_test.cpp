#include "drivers/sim/bmc.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "tests/drivers/sim/rig.hpp"

namespace wattbench::drivers::sim {
namespace {

using testing::quiet;
using testing::reading_of;
using testing::Rig;
using testing::value_of;

TEST(Bmc, ChannelTableUsesIpmiNamesAndLimits) {
    Rig rig(quiet(Kind::bmc));
    const auto& c = rig.device->channels();
    ASSERT_EQ(c.size(), 7u);
    EXPECT_EQ(c[Bmc::system_temp].name, "system_temp");
    EXPECT_EQ(c[Bmc::system_temp].unit, "degC");
    EXPECT_EQ(c[Bmc::system_temp].quantity, api::Quantity::temperature);
    EXPECT_EQ(c[Bmc::system_temp].thresholds.upper_non_critical, 55.0);
    EXPECT_EQ(c[Bmc::system_temp].thresholds.upper_critical, 58.0);
    EXPECT_EQ(c[Bmc::system_temp].thresholds.upper_non_recoverable, 62.0);
    EXPECT_FALSE(c[Bmc::system_temp].thresholds.lower_critical);

    EXPECT_EQ(c[Bmc::cpu_temp].name, "cpu_temp");
    EXPECT_EQ(c[Bmc::cpu_temp].unit, "state");
    EXPECT_TRUE(c[Bmc::cpu_temp].discrete());
    EXPECT_EQ(c[Bmc::cpu_temp].states, (std::vector<std::string>{"Low", "Medium", "High"}));

    for (auto i : {Bmc::fan_1, Bmc::fan_2}) {
        EXPECT_EQ(c[i].unit, "RPM");
        EXPECT_EQ(c[i].quantity, api::Quantity::fan);
        EXPECT_EQ(c[i].thresholds.lower_critical, 500.0);
        EXPECT_EQ(c[i].thresholds.lower_non_recoverable, 300.0);
    }
    EXPECT_EQ(c[Bmc::fan_1].name, "fan_1");
    EXPECT_EQ(c[Bmc::fan_2].name, "fan_2");

    struct Rail {
        std::size_t index;
        const char* name;
        double lnr, lc, uc, unr;
    };
    for (const Rail& r : {Rail{Bmc::volt_12, "12v", 10.8, 11.4, 12.6, 13.2},
                          Rail{Bmc::volt_5, "5v", 4.5, 4.75, 5.25, 5.5},
                          Rail{Bmc::volt_3_3, "3_3v", 2.97, 3.135, 3.465, 3.63}}) {
        const auto& ch = c[r.index];
        EXPECT_EQ(ch.name, r.name);
        EXPECT_EQ(ch.unit, "V");
        EXPECT_EQ(ch.quantity, api::Quantity::voltage);
        EXPECT_EQ(ch.thresholds.lower_non_recoverable, r.lnr);
        EXPECT_EQ(ch.thresholds.lower_critical, r.lc);
        EXPECT_EQ(ch.thresholds.upper_critical, r.uc);
        EXPECT_EQ(ch.thresholds.upper_non_recoverable, r.unr);
        EXPECT_LT(*ch.display_min, r.lnr);
        EXPECT_GT(*ch.display_max, r.unr);
    }
}

TEST(Bmc, Identity) {
    Rig rig(quiet(Kind::bmc));
    ASSERT_EQ(rig.device->open(), std::nullopt);
    EXPECT_EQ(rig.device->identity().model, "sim-bmc");
    EXPECT_EQ(rig.device->identity().vendor, "wattbench");
    EXPECT_EQ(rig.device->identity().firmware, "0.1");
}

TEST(Bmc, IdleReadings) {
    Rig rig(quiet(Kind::bmc));
    ASSERT_EQ(rig.device->open(), std::nullopt);
    auto r = rig.poll_after(Seconds{1.0});
    ASSERT_FALSE(r.error);
    ASSERT_EQ(r.readings.size(), 7u);
    EXPECT_DOUBLE_EQ(value_of(r, Bmc::system_temp), 31.0);
    EXPECT_DOUBLE_EQ(value_of(r, Bmc::fan_1), 1920.0);
    EXPECT_DOUBLE_EQ(value_of(r, Bmc::fan_2), 0.98 * 1920.0);
    EXPECT_DOUBLE_EQ(value_of(r, Bmc::volt_12), 12.05);
    EXPECT_DOUBLE_EQ(value_of(r, Bmc::volt_5), 5.02);
    EXPECT_DOUBLE_EQ(value_of(r, Bmc::volt_3_3), 3.31);
}

TEST(Bmc, ThermalLagAfterOneTau) {
    Rig rig(quiet(Kind::bmc));
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.load->set_busy(8.0);
    // 20 one-second polls span one default thermal_tau.
    api::PollResult r;
    for (int i = 0; i < 20; ++i) {
        r = rig.poll_after(Seconds{1.0});
    }
    const double rise = value_of(r, Bmc::system_temp) - 31.0;
    EXPECT_NEAR(rise / 4.0, 1.0 - std::exp(-1.0), 1e-9);
    EXPECT_NEAR(value_of(r, Bmc::fan_1), 1800.0 + 120.0 * (31.0 + rise - 30.0), 1e-9);
    for (int i = 0; i < 600; ++i) {
        r = rig.poll_after(Seconds{1.0});
    }
    EXPECT_NEAR(value_of(r, Bmc::system_temp), 35.0, 1e-6);
    EXPECT_NEAR(value_of(r, Bmc::fan_1), 2400.0, 1e-4);
}

TEST(Bmc, ThermalTauOptionSetsTheLag) {
    auto s = quiet(Kind::bmc);
    s.model.thermal_tau = Seconds{120.0};
    Rig rig(s);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.load->set_busy(8.0);
    auto r = rig.poll_after(Seconds{120.0});
    EXPECT_NEAR((value_of(r, Bmc::system_temp) - 31.0) / 4.0, 1.0 - std::exp(-1.0), 1e-9);
}

TEST(Bmc, CpuTempIsDiscreteAndNormallyLow) {
    Rig rig(quiet(Kind::bmc));
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.load->set_busy(8.0);
    auto r = rig.poll_after(Seconds{3600.0});
    const auto* cpu = reading_of(r, Bmc::cpu_temp);
    ASSERT_NE(cpu, nullptr);
    EXPECT_EQ(cpu->text, "Low");
    EXPECT_EQ(cpu->value, 0.0);
    EXPECT_EQ(cpu->status, api::Status::ok);
}

TEST(Bmc, CpuTempStatesFollowSystemTemperature) {
    EXPECT_EQ(Bmc::cpu_temp_state(31.0), 0u);
    EXPECT_EQ(Bmc::cpu_temp_state(40.0), 0u);
    EXPECT_EQ(Bmc::cpu_temp_state(40.5), 1u);
    EXPECT_EQ(Bmc::cpu_temp_state(50.0), 1u);
    EXPECT_EQ(Bmc::cpu_temp_state(50.5), 2u);

    const std::pair<double, const char*> rooms[] = {
        {22.0, "Low"}, {35.0, "Medium"}, {45.0, "High"}};
    for (auto [ambient, text] : rooms) {
        auto s = quiet(Kind::bmc);
        s.model.ambient = ambient;
        Rig rig(s);
        ASSERT_EQ(rig.device->open(), std::nullopt);
        auto r = rig.poll_after(Seconds{1.0});
        const auto* cpu = reading_of(r, Bmc::cpu_temp);
        ASSERT_NE(cpu, nullptr);
        EXPECT_EQ(cpu->text, text) << ambient;
        EXPECT_EQ(Bmc::cpu_temp_states()[static_cast<std::size_t>(cpu->value)], text);
    }
}

TEST(Bmc, NoisyReadingsStayNearTheModel) {
    auto s = quiet(Kind::bmc);
    s.noise = 0.01;
    Rig rig(s);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    for (int i = 0; i < 200; ++i) {
        auto r = rig.poll_after(Seconds{1.0});
        EXPECT_NEAR(value_of(r, Bmc::fan_1), 1920.0, 0.05 * 1920.0);
        EXPECT_NEAR(value_of(r, Bmc::volt_12), 12.05, 0.06);
        EXPECT_NEAR(value_of(r, Bmc::volt_5), 5.02, 0.03);
        EXPECT_NEAR(value_of(r, Bmc::volt_3_3), 3.31, 0.02);
        EXPECT_NEAR(value_of(r, Bmc::system_temp), 31.0, 0.3);
    }
}

}  // namespace
}  // namespace wattbench::drivers::sim
