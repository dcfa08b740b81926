#include "app/report_render/qt_application.hpp"

#include <cstdlib>

#include <QApplication>
#include <QFont>

namespace wattbench::report_render {

void ensure_qt_application() {
    if (QCoreApplication::instance() != nullptr) {
        return;
    }
    if (std::getenv("QT_QPA_PLATFORM") == nullptr) {
        setenv("QT_QPA_PLATFORM", "offscreen", 1);
    }
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
