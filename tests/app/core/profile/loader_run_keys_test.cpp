#include <gtest/gtest.h>

#include <string>

#include "tests/app/core/profile/load_helpers.hpp"

namespace wattbench::core::profile {
namespace {

using testing::load_error;
using testing::load_ok;

// [run] with `line` as its line 3, and one idle phase.
std::string with_run_line(const std::string& line) {
    return "[run]\nname = \"t\"\n" + line + "\n[[phase]]\nname = \"idle\"\nload = \"idle\"\n";
}

TEST(LoaderRunKeys, UncertaintyLimitIsAPercentageDefaultingToSpecsOne) {
    EXPECT_DOUBLE_EQ(load_ok(with_run_line("")).run.uncertainty_limit, 0.01);
    EXPECT_DOUBLE_EQ(load_ok(with_run_line("uncertainty_limit = \"0.5%\"")).run.uncertainty_limit,
                     0.005);
    EXPECT_DOUBLE_EQ(load_ok(with_run_line("uncertainty_limit = \"2 %\"")).run.uncertainty_limit,
                     0.02);
}

TEST(LoaderRunKeys, UncertaintyLimitRefusesBareNumbersAndNonsense) {
    const std::string says =
        "test.toml:3:1: run.uncertainty_limit: expected a percentage such as \"1%\" or "
        "\"0.5%\", got ";
    EXPECT_EQ(load_error(with_run_line("uncertainty_limit = \"1\"")), says + "\"1\"");
    EXPECT_EQ(load_error(with_run_line("uncertainty_limit = \"0%\"")), says + "\"0%\"");
    EXPECT_EQ(load_error(with_run_line("uncertainty_limit = \"abc%\"")), says + "\"abc%\"");
    EXPECT_EQ(load_error(with_run_line("uncertainty_limit = \"150%\"")), says + "\"150%\"");
    EXPECT_NE(load_error(with_run_line("uncertainty_limit = 1")).find("expected a string"),
              std::string::npos);
}

}  // namespace
}  // namespace wattbench::core::profile
