#include "drivers/sim/wattmeter.hpp"

#include <gtest/gtest.h>

#include "tests/drivers/sim/rig.hpp"

namespace wattbench::drivers::sim {
namespace {

using testing::quiet;
using testing::Rig;
using testing::value_of;

TEST(Wattmeter, ChannelTable) {
    Rig rig(quiet(Kind::wattmeter));
    const auto& c = rig.device->channels();
    ASSERT_EQ(c.size(), 7u);
    const std::pair<const char*, const char*> expected[] = {
        {"power", "W"},   {"apparent_power", "VA"}, {"power_factor", "1"}, {"voltage", "V"},
        {"current", "A"}, {"frequency", "Hz"},      {"energy", "Wh"},
    };
    for (std::size_t i = 0; i < c.size(); ++i) {
        EXPECT_EQ(c[i].name, expected[i].first);
        EXPECT_EQ(c[i].unit, expected[i].second);
        EXPECT_EQ(c[i].key, i == Wattmeter::power) << c[i].name;
        EXPECT_TRUE(c[i].display_min.has_value());
    }
    EXPECT_EQ(c[Wattmeter::power].quantity, api::Quantity::power);
    EXPECT_EQ(c[Wattmeter::power].display_max, 400.0);
    EXPECT_EQ(c[Wattmeter::power_factor].quantity, api::Quantity::power_factor);
    EXPECT_EQ(c[Wattmeter::energy].quantity, api::Quantity::energy);
}

TEST(Wattmeter, Identity) {
    Rig rig(quiet(Kind::wattmeter));
    ASSERT_EQ(rig.device->open(), std::nullopt);
    const auto id = rig.device->identity();
    EXPECT_EQ(id.vendor, "wattbench");
    EXPECT_EQ(id.model, "sim-wattmeter");
    EXPECT_EQ(id.serial, "SIM-0001");
    EXPECT_EQ(id.firmware, "0.1");
}

TEST(Wattmeter, PowerFollowsBusyCpus) {
    Rig rig(quiet(Kind::wattmeter));
    ASSERT_EQ(rig.device->open(), std::nullopt);
    const std::pair<double, double> points[] = {
        {0.0, 71.5}, {1.0, 100.3}, {8.0, 163.1}, {4.5, 146.55}, {10.0, 179.9}};
    for (auto [busy, watts] : points) {
        rig.load->use.logical_cpus = 16;
        rig.load->set_busy(busy);
        auto r = rig.poll_after(Seconds{1.0});
        ASSERT_FALSE(r.error);
        EXPECT_NEAR(value_of(r, Wattmeter::power), watts, 1e-9) << busy;
    }
}

TEST(Wattmeter, EveryReadingIsOkAndCoversEveryChannel) {
    Rig rig(quiet(Kind::wattmeter));
    ASSERT_EQ(rig.device->open(), std::nullopt);
    auto r = rig.poll_after(Seconds{1.0});
    ASSERT_FALSE(r.error);
    ASSERT_EQ(r.readings.size(), 7u);
    for (std::size_t i = 0; i < r.readings.size(); ++i) {
        EXPECT_EQ(r.readings[i].channel, i);
        EXPECT_EQ(r.readings[i].status, api::Status::ok);
        EXPECT_TRUE(r.readings[i].text.empty());
    }
}

TEST(Wattmeter, ElectricalIdentitiesHoldOnNoisyReadings) {
    auto s = quiet(Kind::wattmeter);
    s.noise = 0.01;
    Rig rig(s);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    for (double busy : {0.0, 2.0, 5.0, 8.0}) {
        rig.load->set_busy(busy);
        auto r = rig.poll_after(Seconds{1.0});
        ASSERT_FALSE(r.error);
        const double w = value_of(r, Wattmeter::power);
        const double va = value_of(r, Wattmeter::apparent_power);
        const double pf = value_of(r, Wattmeter::power_factor);
        const double v = value_of(r, Wattmeter::voltage);
        const double a = value_of(r, Wattmeter::current);
        const double hz = value_of(r, Wattmeter::frequency);
        EXPECT_NEAR(va, w / pf, 1e-9);
        EXPECT_NEAR(a, va / v, 1e-12);
        EXPECT_GE(pf, 0.70);
        EXPECT_LE(pf, 0.80);
        EXPECT_NEAR(v, 230.0, 1.5);
        EXPECT_NEAR(hz, 50.0, 0.06);
        EXPECT_NEAR(w, Model().power_at(busy), 0.06 * Model().power_at(busy));
    }
}

TEST(Wattmeter, NoiselessMainsIsNominal) {
    Rig rig(quiet(Kind::wattmeter));
    ASSERT_EQ(rig.device->open(), std::nullopt);
    auto r = rig.poll_after(Seconds{1.0});
    EXPECT_DOUBLE_EQ(value_of(r, Wattmeter::voltage), 230.0);
    EXPECT_DOUBLE_EQ(value_of(r, Wattmeter::frequency), 50.0);
    EXPECT_DOUBLE_EQ(value_of(r, Wattmeter::power_factor), 0.70);
    EXPECT_DOUBLE_EQ(value_of(r, Wattmeter::apparent_power), 71.5 / 0.70);
    EXPECT_DOUBLE_EQ(value_of(r, Wattmeter::current), 71.5 / 0.70 / 230.0);
}

TEST(Wattmeter, EnergyIntegratesPowerSinceOpen) {
    Rig rig(quiet(Kind::wattmeter));
    ASSERT_EQ(rig.device->open(), std::nullopt);
    api::PollResult r;
    for (int i = 0; i < 3600; ++i) {
        r = rig.poll_after(Seconds{1.0});
    }
    EXPECT_NEAR(value_of(r, Wattmeter::energy), 71.5, 1e-9);
    rig.load->set_busy(8.0);
    for (int i = 0; i < 1800; ++i) {
        r = rig.poll_after(Seconds{1.0});
    }
    EXPECT_NEAR(value_of(r, Wattmeter::energy), 71.5 + 163.1 / 2.0, 1e-9);
}

TEST(Wattmeter, EnergyUsesThePollTimeNotThePollCount) {
    Rig rig(quiet(Kind::wattmeter));
    ASSERT_EQ(rig.device->open(), std::nullopt);
    rig.poll_after(Seconds{0.5});
    auto r = rig.poll_after(Seconds{2.5});
    EXPECT_NEAR(value_of(r, Wattmeter::energy), 71.5 * 3.0 / 3600.0, 1e-12);
}

TEST(Wattmeter, NoiseIsAboutOnePercentOfPower) {
    auto s = quiet(Kind::wattmeter);
    s.noise = 0.01;
    Rig rig(s);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    double sum = 0.0;
    double sum_sq = 0.0;
    const int n = 4000;
    for (int i = 0; i < n; ++i) {
        const double rel = value_of(rig.poll_after(Seconds{1.0}), Wattmeter::power) / 71.5 - 1.0;
        sum += rel;
        sum_sq += rel * rel;
    }
    const double mean = sum / n;
    const double sd = std::sqrt(sum_sq / n - mean * mean);
    EXPECT_NEAR(mean, 0.0, 0.001);
    EXPECT_NEAR(sd, 0.01, 0.001);
}

TEST(Wattmeter, FixedSeedIsDeterministic) {
    auto s = quiet(Kind::wattmeter);
    s.noise = 0.01;
    s.seed = 1234;
    Rig a(s);
    Rig b(s);
    s.seed = 1235;
    Rig c(s);
    ASSERT_EQ(a.device->open(), std::nullopt);
    ASSERT_EQ(b.device->open(), std::nullopt);
    ASSERT_EQ(c.device->open(), std::nullopt);
    bool any_differs = false;
    for (int i = 0; i < 5; ++i) {
        auto ra = a.poll_after(Seconds{1.0});
        auto rb = b.poll_after(Seconds{1.0});
        auto rc = c.poll_after(Seconds{1.0});
        ASSERT_EQ(ra.readings.size(), rb.readings.size());
        for (std::size_t k = 0; k < ra.readings.size(); ++k) {
            EXPECT_EQ(ra.readings[k].value, rb.readings[k].value);
        }
        any_differs =
            any_differs || value_of(ra, Wattmeter::power) != value_of(rc, Wattmeter::power);
    }
    EXPECT_TRUE(any_differs);
}

}  // namespace
}  // namespace wattbench::drivers::sim
