#include "drivers/sound/settings.hpp"

#include <gtest/gtest.h>

#include "drivers/sound/level_range.hpp"

namespace wattbench::drivers::sound {
namespace {

TEST(SoundSettings, DefaultsToAWeighting) {
    api::Options o;
    auto s = std::get<Settings>(take_settings(o));
    EXPECT_EQ(s.weighting, Weighting::a);
    EXPECT_FALSE(s.time_weighting);
    EXPECT_EQ(spl_channel(s.weighting).unit, "dBA");
    EXPECT_EQ(spl_channel(Weighting::c).unit, "dBC");
    EXPECT_EQ(spl_channel(Weighting::c).name, "spl");
    EXPECT_EQ(spl_channel(Weighting::c).quantity, api::Quantity::sound);
}

TEST(SoundSettings, BadValuesNameTheKey) {
    api::Options o;
    o.set("time_weighting", std::string("impulse"));
    auto r = take_settings(o);
    ASSERT_EQ(r.index(), 1u);
    EXPECT_EQ(std::get<1>(r).message,
              "key 'time_weighting': \"impulse\" is not \"fast\" or \"slow\"");
    api::Options wrong_type;
    wrong_type.set("weighting", std::int64_t{1});
    ASSERT_EQ(take_settings(wrong_type).index(), 1u);
}

TEST(SoundSettings, Mismatch) {
    Settings s{Weighting::a, TimeWeighting::slow};
    EXPECT_FALSE(weighting_mismatch(s, Weighting::a, TimeWeighting::slow));
    EXPECT_EQ(*weighting_mismatch(s, Weighting::a, TimeWeighting::fast),
              "meter reads fast time weighting, the profile asks for slow");
    s.time_weighting.reset();
    EXPECT_FALSE(weighting_mismatch(s, Weighting::a, TimeWeighting::fast));
}

TEST(LevelRange, OverAndUnder) {
    const LevelRange r{30, 80};
    EXPECT_EQ(level_reading(0, 30.0, r).status, api::Status::ok);
    EXPECT_EQ(level_reading(0, 80.0, r).status, api::Status::ok);
    const auto over = level_reading(0, 80.1, r);
    EXPECT_EQ(over.status, api::Status::overrange);
    EXPECT_EQ(over.text, "over range (30–80 dB)");
    EXPECT_DOUBLE_EQ(over.value, 80.1);
    EXPECT_EQ(level_reading(0, 29.9, r).text, "under range (30–80 dB)");
    EXPECT_EQ(level_reading(0, 500.0, std::nullopt).status, api::Status::ok);
}

}  // namespace
}  // namespace wattbench::drivers::sound
