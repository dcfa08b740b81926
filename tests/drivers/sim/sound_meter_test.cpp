#include "drivers/sim/sound_meter.hpp"

#include <gtest/gtest.h>

#include "tests/drivers/sim/rig.hpp"

namespace wattbench::drivers::sim {
namespace {

using testing::quiet;
using testing::Rig;
using testing::value_of;

TEST(SoundMeter, DefaultIsAWeighted) {
    Rig rig(quiet(Kind::sound));
    const auto& c = rig.device->channels();
    ASSERT_EQ(c.size(), 1u);
    EXPECT_EQ(c[0].name, "spl");
    EXPECT_EQ(c[0].unit, "dBA");
    EXPECT_EQ(c[0].quantity, api::Quantity::sound);
    EXPECT_TRUE(c[0].key);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    EXPECT_EQ(rig.device->identity().model, "sim-sound");
    auto r = rig.poll_after(Seconds{1.0});
    EXPECT_DOUBLE_EQ(value_of(r, SoundMeter::spl), Model::spl_at(1920.0));
}

TEST(SoundMeter, CWeightingChangesUnitAndAddsTwoDecibels) {
    auto s = quiet(Kind::sound);
    s.weighting = Weighting::c;
    Rig rig(s);
    EXPECT_EQ(rig.device->channels()[0].unit, "dBC");
    ASSERT_EQ(rig.device->open(), std::nullopt);
    auto r = rig.poll_after(Seconds{1.0});
    EXPECT_DOUBLE_EQ(value_of(r, SoundMeter::spl), Model::spl_at(1920.0) + 2.0);
}

TEST(SoundMeter, LouderUnderLoad) {
    Rig rig(quiet(Kind::sound));
    ASSERT_EQ(rig.device->open(), std::nullopt);
    const double idle = value_of(rig.poll_after(Seconds{1.0}), SoundMeter::spl);
    rig.load->set_busy(8.0);
    const double loaded = value_of(rig.poll_after(Seconds{600.0}), SoundMeter::spl);
    EXPECT_NEAR(idle, 39.43, 0.01);
    EXPECT_NEAR(loaded, Model::spl_at(2400.0), 1e-6);
    EXPECT_GT(loaded, idle + 4.0);
}

TEST(SoundMeter, NoiseIsSmall) {
    auto s = quiet(Kind::sound);
    s.noise = 0.01;
    Rig rig(s);
    ASSERT_EQ(rig.device->open(), std::nullopt);
    for (int i = 0; i < 200; ++i) {
        EXPECT_NEAR(value_of(rig.poll_after(Seconds{1.0}), SoundMeter::spl), 39.43, 1.5);
    }
}

}  // namespace
}  // namespace wattbench::drivers::sim
