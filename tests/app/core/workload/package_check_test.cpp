#include <gtest/gtest.h>

#include <unistd.h>

#include <string>
#include <vector>

#include "app/core/workload/package_check.hpp"

namespace wattbench::core::workload {
namespace {

TEST(PackageCheck, InstalledPackagesPassAndUnknownOnesAreMissing) {
    // bash is Essential on every Debian system; the other name exists in no archive.
    auto missing = missing_packages({"bash", "wattbench-no-such-package"});
    ASSERT_TRUE(std::holds_alternative<std::vector<std::string>>(missing))
        << std::get<std::string>(missing);
    EXPECT_EQ(std::get<std::vector<std::string>>(missing),
              (std::vector<std::string>{"wattbench-no-such-package"}));
    EXPECT_TRUE(std::get<std::vector<std::string>>(missing_packages({"bash"})).empty());
    EXPECT_TRUE(std::get<std::vector<std::string>>(missing_packages({})).empty());
}

TEST(PackageCheck, TheInstallLineIsAptGetWithoutRecommends) {
    std::vector<std::string> expected{"apt-get", "install", "-y", "--no-install-recommends",
                                      "a",       "b"};
    if (::geteuid() != 0) {
        expected.insert(expected.begin(), "sudo");
    }
    EXPECT_EQ(install_command({"a", "b"}), expected);
}

TEST(PackageCheck, RecipePackagesAreListedOnceInFirstUseOrder) {
    profile::PhaseSettings web;
    web.recipe = profile::RecipeSpec{};
    web.recipe->packages = {"nginx-light", "wrk"};
    profile::PhaseSettings idle;
    profile::PhaseSettings db;
    db.recipe = profile::RecipeSpec{};
    db.recipe->packages = {"mariadb-server", "wrk"};
    EXPECT_EQ(recipe_packages({web, idle, db}),
              (std::vector<std::string>{"nginx-light", "wrk", "mariadb-server"}));
}

}  // namespace
}  // namespace wattbench::core::workload
