#include "drivers/sim/model.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace wattbench::drivers::sim {
namespace {

TEST(Model, ReferenceCurveHitsEveryMeasuredPoint) {
    const double curve[] = {71.5, 100.3, 114.0, 128.9, 145.0, 148.1, 150.8, 154.7, 163.1};
    for (int busy = 0; busy <= 8; ++busy) {
        EXPECT_DOUBLE_EQ(Model::reference_power(busy), curve[busy]) << busy;
    }
}

TEST(Model, ReferenceCurveInterpolatesAndExtrapolates) {
    EXPECT_DOUBLE_EQ(Model::reference_power(4.5), (145.0 + 148.1) / 2.0);
    EXPECT_DOUBLE_EQ(Model::reference_power(0.5), (71.5 + 100.3) / 2.0);
    // Beyond eight CPUs the last slope (8.4 W per CPU) continues.
    EXPECT_NEAR(Model::reference_power(10.0), 163.1 + 2.0 * 8.4, 1e-9);
    EXPECT_DOUBLE_EQ(Model::reference_power(-1.0), 71.5);
}

TEST(Model, DefaultParamsFollowTheReferenceCurve) {
    Model m;
    EXPECT_DOUBLE_EQ(m.power_at(0.0), 71.5);
    EXPECT_DOUBLE_EQ(m.power_at(1.0), 100.3);
    EXPECT_DOUBLE_EQ(m.power_at(8.0), 163.1);
    EXPECT_DOUBLE_EQ(m.power_at(4.5), 146.55);
    EXPECT_NEAR(m.power_at(10.0), 179.9, 1e-9);
}

TEST(Model, IdleAndMaxPinTheCurveEnds) {
    Model m({100.0, 300.0});
    EXPECT_DOUBLE_EQ(m.power_at(0.0), 100.0);
    EXPECT_DOUBLE_EQ(m.power_at(8.0), 300.0);
    // One busy CPU keeps its share of the idle-to-max span.
    EXPECT_NEAR(m.power_at(1.0), 100.0 + 200.0 * (100.3 - 71.5) / (163.1 - 71.5), 1e-9);
}

TEST(Model, PowerFactorRisesFromIdleToMaxAndIsClamped) {
    Model m;
    EXPECT_DOUBLE_EQ(m.power_factor_at(71.5), 0.70);
    EXPECT_DOUBLE_EQ(m.power_factor_at(163.1), 0.80);
    EXPECT_NEAR(m.power_factor_at((71.5 + 163.1) / 2.0), 0.75, 1e-12);
    EXPECT_DOUBLE_EQ(m.power_factor_at(20.0), 0.70);
    EXPECT_DOUBLE_EQ(m.power_factor_at(500.0), 0.80);
    for (double busy = 0.0; busy <= 16.0; busy += 0.25) {
        const double pf = m.power_factor_at(m.power_at(busy));
        EXPECT_GE(pf, 0.70);
        EXPECT_LE(pf, 0.80);
    }
}

TEST(Model, TemperatureTargetsMatchTheReferenceBmc) {
    Model m;
    EXPECT_DOUBLE_EQ(m.target_temperature_at(71.5), 31.0);
    EXPECT_DOUBLE_EQ(m.target_temperature_at(163.1), 35.0);
    Model warm_room({71.5, 163.1, 25.0});
    EXPECT_DOUBLE_EQ(warm_room.target_temperature_at(71.5), 34.0);
}

TEST(Model, StartsAtIdleTemperature) {
    Model m;
    EXPECT_DOUBLE_EQ(m.temperature(), 31.0);
    EXPECT_DOUBLE_EQ(m.busy_cpus(), 0.0);
    EXPECT_DOUBLE_EQ(m.power(), 71.5);
}

TEST(Model, ThermalLagReachesSixtyThreePercentAfterOneTau) {
    Model m;
    m.step(8.0, Seconds{20.0});
    EXPECT_NEAR(m.temperature(), 31.0 + 4.0 * (1.0 - std::exp(-1.0)), 1e-9);
    EXPECT_NEAR((m.temperature() - 31.0) / 4.0, 0.632, 0.001);
    m.step(8.0, Seconds{400.0});
    EXPECT_NEAR(m.temperature(), 35.0, 1e-6);
    m.step(0.0, Seconds{20.0});
    EXPECT_NEAR(m.temperature(), 35.0 - 4.0 * (1.0 - std::exp(-1.0)), 1e-6);
}

TEST(Model, ThermalLagDoesNotDependOnPollSpacing) {
    Model one_step;
    one_step.step(8.0, Seconds{30.0});
    Model many_steps;
    for (int i = 0; i < 300; ++i) {
        many_steps.step(8.0, Seconds{0.1});
    }
    EXPECT_NEAR(one_step.temperature(), many_steps.temperature(), 1e-9);
}

TEST(Model, ThermalTauIsAParameter) {
    Model m({71.5, 163.1, 22.0, Seconds{60.0}});
    m.step(8.0, Seconds{60.0});
    EXPECT_NEAR((m.temperature() - 31.0) / 4.0, 1.0 - std::exp(-1.0), 1e-9);
}

TEST(Model, FansFollowTemperature) {
    EXPECT_DOUBLE_EQ(Model::fan_rpm_at(30.0), 1800.0);
    EXPECT_DOUBLE_EQ(Model::fan_rpm_at(31.0), 1920.0);
    EXPECT_DOUBLE_EQ(Model::fan_rpm_at(35.0), 2400.0);
    EXPECT_DOUBLE_EQ(Model::fan_rpm_at(10.0), 0.0);
    Model m;
    EXPECT_DOUBLE_EQ(m.fan_rpm(), 1920.0);
}

TEST(Model, SoundCombinesRoomAndFansOnEnergy) {
    // At 2000 RPM the fans alone make 40 dBA; with the 28 dBA room, 10·log10(10^2.8 + 10^4).
    EXPECT_NEAR(Model::spl_at(2000.0), 10.0 * std::log10(std::pow(10.0, 2.8) + 1.0e4), 1e-9);
    EXPECT_NEAR(Model::spl_at(2000.0), 40.27, 0.01);
    // A stopped fan leaves the room.
    EXPECT_NEAR(Model::spl_at(0.0), 28.0, 1e-6);
    EXPECT_LT(Model::spl_at(1920.0), Model::spl_at(2400.0));
    EXPECT_NEAR(Model::spl_at(4000.0) - Model::spl_at(2000.0), 50.0 * std::log10(2.0), 0.3);
}

}  // namespace
}  // namespace wattbench::drivers::sim
