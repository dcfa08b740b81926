#pragma once

#include <cstdlib>
#include <filesystem>
#include <string>

#include <QApplication>
#include <QLocale>

namespace wattbench::gui::test {

// One QApplication per test binary, headless unless the caller chose a platform, with private
// runtime and settings folders so tests neither warn nor read the user's QSettings.
inline QApplication& qt_app() {
    static QApplication* app = [] {
        if (!std::getenv("QT_QPA_PLATFORM")) {
            setenv("QT_QPA_PLATFORM", "offscreen", 1);
        }
        std::string templ = (std::filesystem::temp_directory_path() / "gui-test-XXXXXX").string();
        if (mkdtemp(templ.data()) != nullptr) {
            std::filesystem::create_directories(templ + "/runtime");
            std::filesystem::permissions(templ + "/runtime", std::filesystem::perms::owner_all);
            setenv("XDG_RUNTIME_DIR", (templ + "/runtime").c_str(), 1);
            setenv("XDG_CONFIG_HOME", (templ + "/config").c_str(), 1);
        }
        static int argc = 1;
        static char name[] = "gui-test";
        static char* argv[] = {name, nullptr};
        auto* a = new QApplication(argc, argv);
        QApplication::setOrganizationName(QStringLiteral("wattbench-test"));
        QApplication::setApplicationName(QStringLiteral("gui-test"));
        // Numbers as the English window writes them, whatever this machine's locale is (the
        // program sets its default from --lang the same way, see model::install_language).
        QLocale english(QLocale::English, QLocale::UnitedStates);
        english.setNumberOptions(QLocale::OmitGroupSeparator);
        QLocale::setDefault(english);
        return a;
    }();
    return *app;
}

}  // namespace wattbench::gui::test
