#include "app/core/record/json_file.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <system_error>

#include "tests/app/core/record/temp_dir.hpp"

namespace wattbench::core::record {
namespace {

using testing::read_file;
using testing::TempDir;

TEST(WriteJsonAtomically, WritesIndentedJsonWithTrailingNewline) {
    TempDir dir;
    const auto path = dir.file("manifest.json");
    write_json_atomically(path, nlohmann::json{{"tool", {{"name", "wattbench"}}}});
    EXPECT_EQ(read_file(path), "{\n  \"tool\": {\n    \"name\": \"wattbench\"\n  }\n}\n");
    EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
}

TEST(WriteJsonAtomically, ReplacesTheOldFile) {
    TempDir dir;
    const auto path = dir.file("manifest.json");
    write_json_atomically(path,
                          {{"run", {{"status", "running"}, {"padding", std::string(500, 'x')}}}});
    write_json_atomically(path, {{"run", {{"status", "completed"}}}});
    const auto back = nlohmann::json::parse(read_file(path));
    EXPECT_EQ(back["run"]["status"], "completed");
    EXPECT_FALSE(back["run"].contains("padding"));
    EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
}

TEST(WriteJsonAtomically, InvalidUtf8IsReplacedNotFatal) {
    TempDir dir;
    const auto path = dir.file("manifest.json");
    write_json_atomically(path, {{"serial", std::string("AB\xFF\xFE")}});
    const auto back = nlohmann::json::parse(read_file(path));
    EXPECT_EQ(back["serial"], "AB\xEF\xBF\xBD\xEF\xBF\xBD");
}

TEST(WriteJsonAtomically, FailureThrowsAndLeavesNoTemporaryFile) {
    TempDir dir;
    const auto path = dir.file("missing/manifest.json");
    EXPECT_THROW(write_json_atomically(path, nlohmann::json::object()), std::system_error);
    EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));

    // Renaming onto a directory fails after the temporary file was written.
    const auto dir_path = dir.file("taken");
    std::filesystem::create_directories(dir_path + "/child");
    EXPECT_THROW(write_json_atomically(dir_path, nlohmann::json::object()), std::system_error);
    EXPECT_FALSE(std::filesystem::exists(dir_path + ".tmp"));
}

}  // namespace
}  // namespace wattbench::core::record
