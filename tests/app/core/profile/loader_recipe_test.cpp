#include <gtest/gtest.h>

#include <string>

#include "tests/app/core/profile/load_helpers.hpp"

namespace wattbench::core::profile {
namespace {

using testing::load_error;
using testing::load_ok;

LoadContext recipes() {
    LoadContext ctx;
    ctx.recipe_dirs = std::vector<std::string>{WATTBENCH_SOURCE_DIR "/workloads",
                                               WATTBENCH_TEST_DATA "/fixtures/workloads"};
    return ctx;
}

std::string recipe_phase(const std::string& extra, const std::string& load = "command") {
    return "[run]\nname = \"t\"\n[[phase]]\nname = \"model\"\nload = \"" + load +
           "\"\nrecipe = \"web\"\n" + extra;
}

TEST(LoaderRecipe, ARecipePhaseRunsTheRecipesScriptsWithItsDefaults) {
    const Profile p = load_ok(recipe_phase(""), recipes());
    const PhaseSettings& phase = p.phases.at(0);
    ASSERT_TRUE(phase.recipe);
    const std::string dir = WATTBENCH_SOURCE_DIR "/workloads/web";
    EXPECT_EQ(phase.recipe->dir, dir);
    EXPECT_EQ(phase.command, (std::vector<std::string>{dir + "/run"}));
    EXPECT_EQ(phase.command_settings.setup, (std::vector<std::string>{dir + "/setup"}));
    EXPECT_EQ(phase.command_settings.teardown, (std::vector<std::string>{dir + "/teardown"}));
    EXPECT_EQ(phase.command_settings.on_exit, OnExit::fail);
    EXPECT_EQ(phase.command_settings.score_unit, "req/s");
    EXPECT_EQ(phase.command_settings.env.at("WORKLOAD_THREADS"), "4");
    EXPECT_EQ(phase.command_settings.env.at("WORKLOAD_CONNECTIONS"), "16");
    EXPECT_EQ(std::get<std::int64_t>(phase.recipe_options.at("files")), 100);
    EXPECT_EQ(phase.recipe->packages, (std::vector<std::string>{"nginx-light", "wrk"}));
}

TEST(LoaderRecipe, OptionsEnvAndOnExitAreThePhasesOwn) {
    const Profile p =
        load_ok(recipe_phase("connections = 64\non_exit = \"end-phase\"\nenv = { A = \"b\" }\n"),
                recipes());
    const auto& c = p.phases.at(0).command_settings;
    EXPECT_EQ(c.env.at("WORKLOAD_CONNECTIONS"), "64");
    EXPECT_EQ(c.env.at("A"), "b");
    EXPECT_EQ(c.on_exit, OnExit::end_phase);
}

TEST(LoaderRecipe, AMisspeltOptionNamesTheNearestOne) {
    EXPECT_EQ(load_error(recipe_phase("conections = 3\n"), recipes()),
              "test.toml:7:1: phase[1].conections: unknown key 'conections' (did you mean "
              "'connections'?)");
}

TEST(LoaderRecipe, OptionsKeepTheirDefaultsTypeAndBounds) {
    EXPECT_EQ(load_error(recipe_phase("threads = \"4\"\n"), recipes()),
              "test.toml:7:1: phase[1].threads: recipe 'web' takes an integer here, got string "
              "\"4\"");
    EXPECT_EQ(load_error(recipe_phase("threads = 0\n"), recipes()),
              "test.toml:7:1: phase[1].threads: 0 is outside 1 … 256");
}

TEST(LoaderRecipe, KeysTheRecipeSetsAreRefused) {
    EXPECT_NE(load_error(recipe_phase("command = [\"wrk\"]\n"), recipes())
                  .find("test.toml:7:1: phase[1].command: set by recipe 'web'"),
              std::string::npos);
    EXPECT_NE(load_error(recipe_phase("score = { regex = \"x\" }\n"), recipes())
                  .find("phase[1].score: set by recipe 'web'"),
              std::string::npos);
}

TEST(LoaderRecipe, AnUnknownRecipeListsTheKnownOnes) {
    const std::string text =
        "[run]\nname = \"t\"\n[[phase]]\nname = \"m\"\nload = \"command\"\nrecipe = \"wbe\"\n";
    const std::string error = load_error(text, recipes());
    EXPECT_NE(error.find("test.toml:6:1: phase[1].recipe: unknown recipe 'wbe' (recipes: "),
              std::string::npos)
        << error;
    EXPECT_NE(error.find("web"), std::string::npos) << error;
    EXPECT_NE(error.find("did you mean 'web'?"), std::string::npos) << error;
}

TEST(LoaderRecipe, ARecipeNeedsACommandPhase) {
    EXPECT_EQ(load_error(recipe_phase("", "idle"), recipes()),
              "test.toml:6:1: phase[1].recipe: only valid with load = \"command\" (this phase has "
              "load = \"idle\")");
}

TEST(LoaderRecipe, ABrokenRecipeIsLocatedInItsOwnFile) {
    const std::string text =
        "[run]\nname = \"t\"\n[[phase]]\nname = \"m\"\nload = \"command\"\nrecipe = \"broken\"\n";
    EXPECT_EQ(load_error(text, recipes()), WATTBENCH_TEST_DATA
              "/fixtures/workloads/broken/recipe.toml:4:20: options.n.hlep: "
              "unknown key 'hlep' (did you mean 'help'?)");
}

}  // namespace
}  // namespace wattbench::core::profile
