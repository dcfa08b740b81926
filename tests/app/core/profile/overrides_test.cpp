#include "app/core/profile/overrides.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/app/core/profile/load_helpers.hpp"

namespace wattbench::core::profile {
namespace {

using namespace std::chrono_literals;

const std::string ladder =
    "[run]\nname = \"t\"\n"
    "[[phase]]\nname = \"idle\"\nload = \"idle\"\n"
    "[[phase]]\nname = \"cpu-{n}\"\nload = \"cpu\"\nworkers = [1, 2, 3]\n"
    "[[phase]]\nname = \"disk\"\nload = \"disk\"\nwindow = \"1h\"\n";

std::vector<std::string> names(const Profile& p) {
    std::vector<std::string> out;
    for (const auto& phase : p.phases) {
        out.push_back(phase.name);
    }
    return out;
}

class OverridesTest : public ::testing::Test {
protected:
    Profile profile = testing::load_ok(ladder, {nullptr, 8});
};

TEST_F(OverridesTest, NothingChangesNothing) {
    EXPECT_EQ(apply_overrides(profile, {}), std::nullopt);
    EXPECT_EQ(names(profile),
              (std::vector<std::string>{"idle", "cpu-1", "cpu-2", "cpu-3", "disk"}));
    EXPECT_EQ(profile.phases[4].window, 1h);
    EXPECT_EQ(profile.phases[0].window, 10min);
}

TEST_F(OverridesTest, DurationsReplaceEveryPhase) {
    EXPECT_EQ(apply_overrides(profile, {1s, 2s, {}}), std::nullopt);
    for (const auto& phase : profile.phases) {
        EXPECT_EQ(phase.warmup, 1s) << phase.name;
        EXPECT_EQ(phase.window, 2s) << phase.name;
    }
    EXPECT_EQ(profile.run.window, 10min);  // the run's defaults are what the profile says
}

TEST_F(OverridesTest, OnlyAcceptsExpandedTemplateAndGlobNamesInProfileOrder) {
    Profile a = profile;
    EXPECT_EQ(apply_overrides(a, {std::nullopt, std::nullopt, {"disk", "cpu-2"}}), std::nullopt);
    EXPECT_EQ(names(a), (std::vector<std::string>{"cpu-2", "disk"}));

    Profile b = profile;
    EXPECT_EQ(apply_overrides(b, {std::nullopt, std::nullopt, {"cpu-{n}"}}), std::nullopt);
    EXPECT_EQ(names(b), (std::vector<std::string>{"cpu-1", "cpu-2", "cpu-3"}));

    Profile c = profile;
    EXPECT_EQ(apply_overrides(c, {std::nullopt, std::nullopt, {"*d*", "cpu-1"}}), std::nullopt);
    EXPECT_EQ(names(c), (std::vector<std::string>{"idle", "cpu-1", "disk"}));

    Profile d = profile;
    EXPECT_EQ(apply_overrides(d, {5s, std::nullopt, {"cpu-*", "cpu-2"}}), std::nullopt);
    EXPECT_EQ(names(d), (std::vector<std::string>{"cpu-1", "cpu-2", "cpu-3"}));
    EXPECT_EQ(d.phases[0].warmup, 5s);
    EXPECT_EQ(d.phases[0].window, 10min);
}

TEST_F(OverridesTest, UnknownNamesListTheAvailablePhases) {
    EXPECT_EQ(apply_overrides(profile, {1s, std::nullopt, {"idle", "cpu-9"}}),
              "--only: no phase 'cpu-9'; the profile has: idle, cpu-1, cpu-2, cpu-3, disk");
    EXPECT_EQ(apply_overrides(profile, {std::nullopt, std::nullopt, {"gpu-*"}}),
              "--only: no phase 'gpu-*'; the profile has: idle, cpu-1, cpu-2, cpu-3, disk");
    EXPECT_EQ(apply_overrides(profile, {std::nullopt, std::nullopt, {""}}),
              "--only: empty phase name");
    // Refused overrides leave the profile as it was.
    EXPECT_EQ(names(profile),
              (std::vector<std::string>{"idle", "cpu-1", "cpu-2", "cpu-3", "disk"}));
    EXPECT_EQ(profile.phases[0].warmup, 5min);
}

TEST_F(OverridesTest, WindowMustBePositive) {
    EXPECT_EQ(apply_overrides(profile, {std::nullopt, 0s, {}}), "--window must be longer than 0s");
    EXPECT_EQ(profile.phases[4].window, 1h);
}

}  // namespace
}  // namespace wattbench::core::profile
