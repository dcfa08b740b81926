#include "app/core/profile/profile_error.hpp"

#include <gtest/gtest.h>

namespace wattbench::core::profile {
namespace {

TEST(ProfileError, FormatsFileLineColumnKeyMessage) {
    EXPECT_EQ((ProfileError{{"p.toml", 12, 3}, "phase[3].workers", "bad"}).to_string(),
              "p.toml:12:3: phase[3].workers: bad");
}

TEST(ProfileError, LeavesOutWhatIsUnknown) {
    EXPECT_EQ((ProfileError{{"p.toml", 12, 0}, "run.window", "bad"}).to_string(),
              "p.toml:12: run.window: bad");
    EXPECT_EQ((ProfileError{{"p.toml", 12, 4}, "", "bad"}).to_string(), "p.toml:12:4: bad");
    EXPECT_EQ((ProfileError{{"p.toml", 0, 0}, "", "bad"}).to_string(), "p.toml: bad");
}

}  // namespace
}  // namespace wattbench::core::profile
