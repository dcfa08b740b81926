#include "drivers/modules/program_place.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

namespace wattbench::drivers::modules {
namespace {

// This test runs from the build tree, as the programs the other tests start do.
TEST(ProgramPlace, ThisTestRunsFromTheBuildTree) {
    const auto place = program_place();
    ASSERT_TRUE(place);
    EXPECT_TRUE(place->in_build_tree);
    EXPECT_EQ(place->exe, std::filesystem::canonical("/proc/self/exe"));
    EXPECT_EQ(place->exe.filename(), "program_place_test");
    EXPECT_EQ(place->prefix(), place->exe.parent_path().parent_path());
}

// A copy outside the build tree is an installed program: its prefix is the folder above bin/.
TEST(ProgramPlace, ACopyElsewhereIsNotInTheBuildTree) {
    if (std::getenv("WATTBENCH_PROGRAM_PLACE_CHILD") != nullptr) {
        const auto place = program_place();
        std::_Exit(place && !place->in_build_tree &&
                           place->prefix() == place->exe.parent_path().parent_path() &&
                           place->exe.parent_path().filename() == "bin"
                       ? 0
                       : 1);
    }
    namespace fs = std::filesystem;
    const fs::path root =
        fs::temp_directory_path() / ("wattbench-place-" + std::to_string(::getpid()));
    fs::create_directories(root / "bin");
    const fs::path copy = root / "bin" / "program_place_test";
    fs::copy_file("/proc/self/exe", copy, fs::copy_options::overwrite_existing);
    const std::string command = "WATTBENCH_PROGRAM_PLACE_CHILD=1 " + copy.string() +
                                " --gtest_filter=ProgramPlace.ACopyElsewhereIsNotInTheBuildTree"
                                " >/dev/null 2>&1";
    const int status = std::system(command.c_str());
    fs::remove_all(root);
    EXPECT_EQ(status, 0);
}

}  // namespace
}  // namespace wattbench::drivers::modules
