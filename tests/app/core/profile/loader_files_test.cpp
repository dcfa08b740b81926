#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "app/core/profile/loader.hpp"
#include "tests/app/core/profile/fake_registry.hpp"

namespace wattbench::core::profile {
namespace {

using namespace std::chrono_literals;

std::string fixture(const std::string& name) {
    return std::string(WATTBENCH_TEST_DATA) + "/fixtures/" + name;
}

std::string file_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

std::string error_of(const std::string& path, const LoadContext& ctx) {
    auto result = load_profile_file(path, ctx);
    const auto* error = std::get_if<ProfileError>(&result);
    return error ? error->to_string() : "(loaded)";
}

TEST(LoaderFiles, DesignExampleLoads) {
    const std::string path = fixture("server_review.toml");
    auto result = load_profile_file(path, {nullptr, 8});
    ASSERT_TRUE(std::holds_alternative<Profile>(result))
        << std::get<ProfileError>(result).to_string();
    const Profile& p = std::get<Profile>(result);
    EXPECT_EQ(p.path, path);
    EXPECT_EQ(p.text, file_text(path));
    EXPECT_EQ(p.run.name, "server-review");
    ASSERT_EQ(p.devices.size(), 3u);
    EXPECT_EQ(p.devices[0].connection, "serial:///dev/ttyUSB0?baud=9600");
    EXPECT_TRUE(p.devices[2].optional);
    std::vector<std::string> names;
    for (const auto& phase : p.phases) {
        names.push_back(phase.name);
    }
    EXPECT_EQ(names, (std::vector<std::string>{"idle", "cpu-1", "cpu-2", "cpu-3", "cpu-4", "cpu-5",
                                               "cpu-6", "cpu-7", "cpu-8", "disk", "model"}));
    EXPECT_EQ(p.phases.back().command.size(), 5u);
    EXPECT_EQ(p.phases[3].location.line, 25u);
    EXPECT_TRUE(p.warnings.empty());
}

TEST(LoaderFiles, DesignExampleWarnsOnASmallMachine) {
    auto result = load_profile_file(fixture("server_review.toml"), {nullptr, 6});
    ASSERT_TRUE(std::holds_alternative<Profile>(result));
    const auto& warnings = std::get<Profile>(result).warnings;
    ASSERT_EQ(warnings.size(), 2u);
    EXPECT_EQ(warnings[0], fixture("server_review.toml") +
                               ":28: workers: 7 exceeds this machine's 6 logical CPUs; the phase "
                               "will oversubscribe");
}

TEST(LoaderFiles, FakeDevicesAgainstARegistry) {
    const auto registry = testing::make_fake_registry();
    auto result = load_profile_file(fixture("fake_devices.toml"), {&registry, 16});
    ASSERT_TRUE(std::holds_alternative<Profile>(result))
        << std::get<ProfileError>(result).to_string();
    const Profile& p = std::get<Profile>(result);
    ASSERT_EQ(p.devices.size(), 2u);
    EXPECT_EQ(p.devices[0].interval, 500ms);
    EXPECT_EQ(p.devices[1].interval, 500ms);
    ASSERT_EQ(p.phases.size(), 4u);
    EXPECT_EQ(p.phases[0].warmup, 10s);
    EXPECT_EQ(p.phases[0].window, 1min);
    EXPECT_EQ(p.phases[3].name, "cpu-3");
    EXPECT_EQ(p.phases[3].window, 20s);
}

TEST(LoaderFiles, ErrorsNameTheFileLineAndKey) {
    const auto registry = testing::make_fake_registry();
    const LoadContext ctx{&registry, 4};
    EXPECT_EQ(error_of(fixture("typo_in_phase.toml"), ctx),
              fixture("typo_in_phase.toml") +
                  ":11:1: phase[2].wrokers: unknown key 'wrokers' (did you mean 'workers'?)");
    EXPECT_EQ(error_of(fixture("bad_device_option.toml"), ctx),
              fixture("bad_device_option.toml") +
                  ":8:1: device[1].levle: device 'meter': unknown key 'levle' for driver 'fake'");
    EXPECT_EQ(
        error_of(fixture("syntax_error.toml"), ctx),
        fixture("syntax_error.toml") + ":3:12: invalid line format: expected newline, but got 'm'");
}

TEST(LoaderFiles, UnreadableFilesAreErrorsNamingThePath) {
    EXPECT_EQ(
        error_of(fixture("no_such_profile.toml"), {}),
        fixture("no_such_profile.toml") + ": cannot read the profile: No such file or directory");
    EXPECT_EQ(error_of(fixture(""), {}), fixture("") + ": cannot read the profile: Is a directory");
}

}  // namespace
}  // namespace wattbench::core::profile
