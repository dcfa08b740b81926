#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include <QImage>

#include "qt_env.hpp"

namespace {

std::string temp_dir() {
    std::string templ = (std::filesystem::temp_directory_path() / "gui-shot-XXXXXX").string();
    EXPECT_NE(mkdtemp(templ.data()), nullptr);
    return templ;
}

int run(const std::string& cmd) {
    const int rc = std::system(cmd.c_str());
    return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

// Dark pixels in a region: text drawn there (missing fonts leave it blank with exit code 0).
int dark_pixels(const QImage& img, QRect r) {
    int n = 0;
    r = r.intersected(img.rect());
    for (int y = r.top(); y <= r.bottom(); ++y) {
        for (int x = r.left(); x <= r.right(); ++x) {
            if (qGray(img.pixel(x, y)) < 100) {
                ++n;
            }
        }
    }
    return n;
}

TEST(Screenshot, DemoRunRendersChartsAndText) {
    wattbench::gui::test::qt_app();  // sets the headless environment the child inherits
    const auto dir = temp_dir();
    const std::string png = dir + "/shot.png";
    const std::string cmd = std::string("cd '") + dir + "' && '" + WATTBENCH_GUI_BIN + "' '" +
                            WATTBENCH_SOURCE_DIR +
                            "/profiles/demo.toml' --start --warmup 1s --window 2s --out run "
                            "--size 1400x900 --screenshot '" +
                            png + "' --quit-after 9s";
    ASSERT_EQ(run(cmd), 0) << cmd;
    QImage img(QString::fromStdString(png));
    ASSERT_FALSE(img.isNull());
    EXPECT_GE(img.width(), 1400);
    // The menu bar and the dock titles in the top strip hold text.
    EXPECT_GT(dark_pixels(img, QRect(0, 0, img.width(), 60)), 200);
    const QImage blank(img.size(), img.format());
    EXPECT_NE(img, blank);
    EXPECT_TRUE(std::filesystem::exists(dir + "/run/samples.csv"));
    std::filesystem::remove_all(dir);
}

TEST(Screenshot, RunDirectoryWithoutStarting) {
    wattbench::gui::test::qt_app();
    const auto dir = temp_dir();
    const std::string png = dir + "/run.png";
    const std::string cmd = std::string("'") + WATTBENCH_GUI_BIN + "' '" + WATTBENCH_TEST_DATA +
                            "/fixtures/demo-run' --screenshot '" + png + "'";
    ASSERT_EQ(run(cmd), 0) << cmd;
    EXPECT_FALSE(QImage(QString::fromStdString(png)).isNull());
    std::filesystem::remove_all(dir);
}

TEST(Screenshot, UsageErrorsExitTwo) {
    wattbench::gui::test::qt_app();
    EXPECT_EQ(run(std::string("'") + WATTBENCH_GUI_BIN + "' --warmup soon --quit-after 1s"), 2);
    EXPECT_EQ(run(std::string("'") + WATTBENCH_GUI_BIN + "' /nonexistent.toml --quit-after 1s"), 2);
}

}  // namespace
