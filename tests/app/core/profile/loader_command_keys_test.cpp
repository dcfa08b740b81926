#include <gtest/gtest.h>

#include <string>

#include "tests/app/core/profile/load_helpers.hpp"

namespace wattbench::core::profile {
namespace {

using testing::load_error;
using testing::load_ok;

std::string command_phase(const std::string& extra) {
    return "[run]\nname = \"t\"\n[[phase]]\nname = \"model\"\nload = \"command\"\n"
           "command = [\"wrk\"]\n" +
           extra;
}

TEST(LoaderCommandKeys, OnExitAndTeardownAreRead) {
    const Profile p = load_ok(command_phase("on_exit = \"end-phase\"\nteardown = [\"true\"]\n"));
    EXPECT_EQ(p.phases.at(0).command_settings.on_exit, OnExit::end_phase);
    EXPECT_EQ(p.phases.at(0).command_settings.teardown, (std::vector<std::string>{"true"}));
}

TEST(LoaderCommandKeys, BadValuesAreLocated) {
    EXPECT_NE(load_error(command_phase("on_exit = \"retry\"\n"))
                  .find("test.toml:7:1: phase[1].on_exit: unknown on_exit 'retry'"),
              std::string::npos);
    EXPECT_NE(load_error(command_phase("env = { A = 1 }\n")).find("A: expected a string"),
              std::string::npos);
    EXPECT_NE(load_error(command_phase("score = \"x\"\n")).find("phase[1].score: expected {"),
              std::string::npos);
    EXPECT_NE(load_error(command_phase("score = { regex = \"(\" }\n"))
                  .find("score.regex: not a valid regular expression"),
              std::string::npos)
        << load_error(command_phase("score = { regex = \"(\" }\n"));
    EXPECT_NE(load_error(command_phase("score = { regex = \"x\", units = \"a\" }\n")).find("units"),
              std::string::npos);
}

}  // namespace
}  // namespace wattbench::core::profile
