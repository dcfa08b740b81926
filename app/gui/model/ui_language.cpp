#include "app/gui/model/ui_language.hpp"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

namespace wattbench::gui::model {

using core::i18n::Language;

QLocale locale_of(Language language) {
    switch (language) {
        case Language::cs:
            return QLocale(QLocale::Czech, QLocale::Czechia);
        case Language::de:
            return QLocale(QLocale::German, QLocale::Germany);
        case Language::ru:
            return QLocale(QLocale::Russian, QLocale::Russia);
        case Language::en:
            break;
    }
    // English without thousands separators, as the reports print it ("1234.5").
    QLocale english(QLocale::English, QLocale::UnitedStates);
    english.setNumberOptions(QLocale::OmitGroupSeparator);
    return english;
}

Language ui_language() {
    switch (QLocale().language()) {
        case QLocale::Czech:
            return Language::cs;
        case QLocale::German:
            return Language::de;
        case QLocale::Russian:
            return Language::ru;
        default:
            return Language::en;
    }
}

QString install_language(QCoreApplication& app, Language language) {
    QLocale::setDefault(locale_of(language));
    const auto code = QString::fromLatin1(core::i18n::language_code(language).data());
    // Qt's own strings (the file dialog's buttons, QCommandLineParser's --help lines) come from
    // qt6-translations-l10n when it is installed; without it they stay English, nothing else.
    if (language != Language::en) {
        auto* qt = new QTranslator(&app);
        if (qt->load(QLocale(code), QStringLiteral("qtbase"), QStringLiteral("_"),
                     QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
            QCoreApplication::installTranslator(qt);
        } else {
            delete qt;
        }
    }
    // English's catalog holds only the plural forms ("1 sensor", "4 sensors").
    auto* own = new QTranslator(&app);
    const QString path = QStringLiteral(":/i18n/wattbench-gui_%1.qm").arg(code);
    if (!own->load(path)) {
        delete own;
        return QStringLiteral("cannot load the %1 translation (%2)").arg(code, path);
    }
    QCoreApplication::installTranslator(own);
    return {};
}

}  // namespace wattbench::gui::model
