#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "test_content.hpp"

namespace wattbench::report_render {
namespace {

int run(const std::string& cmd) {
    const int rc = std::system(cmd.c_str());
    return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

// The command as a user runs it over ssh: no display, no Qt platform chosen.
TEST(CliRender, ReportHtmlPdfAndChartsWithoutADisplay) {
    const auto dir = test::temp_dir();
    const std::string run_dir = std::string(WATTBENCH_REPORT_CASES) + "/sim_run";
    const std::string bin =
        std::string("env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM '") + WATTBENCH_BIN + "'";
    EXPECT_EQ(run(bin + " report '" + run_dir + "' --format html -o '" + dir +
                  "/r.html' --charts '" + dir + "/charts' 2>/dev/null"),
              0);
    EXPECT_GT(std::filesystem::file_size(dir + "/r.html"), 10000u);
    EXPECT_TRUE(std::filesystem::exists(dir + "/charts/power-vs-load.png"));
    EXPECT_TRUE(std::filesystem::exists(dir + "/charts/temperature.svg"));
    EXPECT_EQ(
        run(bin + " report '" + run_dir + "' --format pdf -o '" + dir + "/r.pdf' 2>/dev/null"), 0);
    EXPECT_GT(std::filesystem::file_size(dir + "/r.pdf"), 10000u);
    // A PDF on a terminal is of no use: -o is required.
    EXPECT_EQ(run(bin + " report '" + run_dir + "' --format pdf >/dev/null 2>&1"), 2);
    EXPECT_EQ(run(bin + " compare '" + run_dir + "' '" + run_dir + "' --format html -o '" + dir +
                  "/c.html' 2>/dev/null"),
              0);
    EXPECT_GT(std::filesystem::file_size(dir + "/c.html"), 5000u);
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace wattbench::report_render
