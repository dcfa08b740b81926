#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include <QFont>
#include <QFontMetrics>
#include <QImage>
#include <QString>

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

// The menu bar of a run directory's window in `lang`.
QImage menu_strip(const std::string& dir, const std::string& lang) {
    const std::string png = dir + "/" + lang + ".png";
    const std::string cmd = std::string("'") + WATTBENCH_GUI_BIN + "' --lang " + lang + " '" +
                            WATTBENCH_TEST_DATA + "/fixtures/demo-run' --size 1400x900 " +
                            "--screenshot '" + png + "'";
    EXPECT_EQ(run(cmd), 0) << cmd;
    const QImage img(QString::fromStdString(png));
    return img.isNull() ? img : img.copy(0, 0, 400, 24);
}

TEST(Screenshot, RussianWindowDrawsCyrillic) {
    wattbench::gui::test::qt_app();
    // The font the window draws with has the glyphs of its Russian menus ("Файл", "Прогон",
    // "Правка"): without a Cyrillic font (fonts-dejavu-core) Qt draws empty boxes instead.
    const QFontMetrics metrics(QFont{});
    for (const QChar c : QStringLiteral("ФайлПрогонПравкаВидИнструментыСправка")) {
        EXPECT_TRUE(metrics.inFont(c)) << "no glyph for U+" << std::hex << static_cast<int>(c.unicode());
    }
    const auto dir = temp_dir();
    const QImage ru = menu_strip(dir, "ru");
    const QImage en = menu_strip(dir, "en");
    ASSERT_FALSE(ru.isNull());
    ASSERT_FALSE(en.isNull());
    // Text is drawn in the Russian menu bar, and it is not the English one.
    EXPECT_GT(dark_pixels(ru, ru.rect()), 150);
    EXPECT_NE(ru, en);
    std::filesystem::remove_all(dir);
}

TEST(Screenshot, UnknownLanguageExitsTwo) {
    wattbench::gui::test::qt_app();
    EXPECT_EQ(run(std::string("'") + WATTBENCH_GUI_BIN + "' --lang xx --quit-after 1s 2>/dev/null"),
              2);
}

TEST(Screenshot, UsageErrorsExitTwo) {
    wattbench::gui::test::qt_app();
    EXPECT_EQ(run(std::string("'") + WATTBENCH_GUI_BIN + "' --warmup soon --quit-after 1s"), 2);
    EXPECT_EQ(run(std::string("'") + WATTBENCH_GUI_BIN + "' /nonexistent.toml --quit-after 1s"), 2);
}

}  // namespace
