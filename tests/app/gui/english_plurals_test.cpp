#include <gtest/gtest.h>

#include <QCoreApplication>
#include <QObject>
#include <QTranslator>

#include "qt_env.hpp"

namespace wattbench::gui {
namespace {

// English's catalog (translations/wattbench-gui_en.ts, lupdate -pluralonly) as lrelease built it
// for the window: without it Qt writes the source's "%Ln sensor(s)" for every count.
TEST(EnglishPlurals, TheCatalogSaysOneSensorAndFourSensors) {
    test::qt_app();
    QTranslator english;
    ASSERT_TRUE(english.load(QStringLiteral(WATTBENCH_GUI_EN_QM))) << WATTBENCH_GUI_EN_QM;
    QCoreApplication::installTranslator(&english);
    EXPECT_EQ(QObject::tr("Connected: %1; %Ln sensor(s)", nullptr, 1).arg(QStringLiteral("BMC")),
              QStringLiteral("Connected: BMC; 1 sensor"));
    EXPECT_EQ(QObject::tr("Connected: %1; %Ln sensor(s)", nullptr, 4).arg(QStringLiteral("BMC")),
              QStringLiteral("Connected: BMC; 4 sensors"));
    EXPECT_EQ(QCoreApplication::translate("wattbench::gui::widgets::MainWindow", "%Ln device(s)",
                                          nullptr, 1),
              QStringLiteral("1 device"));
    EXPECT_EQ(QCoreApplication::translate("wattbench::gui::widgets::MainWindow", "%Ln phase(s)",
                                          nullptr, 0),
              QStringLiteral("0 phases"));
    QCoreApplication::removeTranslator(&english);
}

}  // namespace
}  // namespace wattbench::gui
