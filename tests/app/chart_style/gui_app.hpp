#pragma once

#include <cstdlib>

#include <QGuiApplication>

namespace wattbench::chart_style::test {

// Fonts need a QGuiApplication; headless unless the caller chose a platform.
inline QGuiApplication& gui_app() {
    static QGuiApplication* app = [] {
        if (!std::getenv("QT_QPA_PLATFORM")) {
            setenv("QT_QPA_PLATFORM", "offscreen", 1);
        }
        static int argc = 1;
        static char name[] = "chart-style-test";
        static char* argv[] = {name, nullptr};
        return new QGuiApplication(argc, argv);
    }();
    return *app;
}

}  // namespace wattbench::chart_style::test
