#include "app/report_render/qt_application.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

#include <QApplication>
#include <QFont>

namespace wattbench::report_render {

namespace {

// Without XDG_RUNTIME_DIR (ssh sessions, cron, CI) Qt prints a warning on every report; a report
// command's stderr should only carry what went wrong. Qt's own fallback directory is used,
// created private as Qt requires; anything else there (wrong owner or mode) is left to Qt to
// warn about.
void ensure_runtime_dir() {
    if (std::getenv("XDG_RUNTIME_DIR") != nullptr) {
        return;
    }
    const std::string dir = "/tmp/runtime-" + std::to_string(getuid());
    mkdir(dir.c_str(), 0700);
    struct stat st {};
    if (stat(dir.c_str(), &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == getuid() &&
        (st.st_mode & 0777) == 0700) {
        setenv("XDG_RUNTIME_DIR", dir.c_str(), 1);
    }
}

}  // namespace

void ensure_qt_application() {
    if (QCoreApplication::instance() != nullptr) {
        return;
    }
    if (std::getenv("QT_QPA_PLATFORM") == nullptr) {
        setenv("QT_QPA_PLATFORM", "offscreen", 1);
    }
    ensure_runtime_dir();
    static int argc = 1;
    static char name[] = "wattbench";
    static char* argv[] = {name, nullptr};
    // Lives until exit: Qt objects made from it (fonts, the scene's style) must not outlive it.
    static QApplication* app = new QApplication(argc, argv);
    // A font every Debian system with Qt has (fonts-dejavu-core comes with libqt6gui6), named in
    // the SVG charts so browsers pick it or a sans-serif like it.
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPointSizeF(9.0);
    app->setFont(font);
}

}  // namespace wattbench::report_render
