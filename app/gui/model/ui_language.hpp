#pragma once

#include <QLocale>
#include <QString>

#include "app/core/i18n/language.hpp"

class QCoreApplication;

namespace wattbench::gui::model {

// The locale the GUI writes numbers in for `language`: "1 234,5" in Czech, "1.234,5" in German.
QLocale locale_of(core::i18n::Language language);

// The GUI's language: the one QLocale::setDefault was given at start-up (English unless it is
// one of core::i18n::kLanguages). Report export and the results table follow it, so a window
// started with --lang cs exports a Czech report.
core::i18n::Language ui_language();

// Makes `language` the GUI's: the default QLocale, the embedded translation of wattbench-gui's
// own strings (":/i18n/wattbench-gui_<code>.qm"; English's holds only the plural forms) and,
// where the system has it, Qt's for its standard dialogs. Returns why the GUI's translation could
// not be loaded (then its text stays the source's English), or an empty string.
QString install_language(QCoreApplication& app, core::i18n::Language language);

}  // namespace wattbench::gui::model
