#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "app/core/i18n/language.hpp"

namespace wattbench::core::i18n {

// The message `msgid` in `language`: the catalog's translation, else `msgid` itself (English is
// the source language). The result stays valid for the life of the process (catalogs are read
// once and kept) or as long as `msgid` does. Safe to call from any thread.
std::string_view tr(Language language, std::string_view msgid);

// The plural form for `count` of a message with English forms `singular` and `plural`, chosen by
// the language's rule (Czech and Russian have three forms).
std::string_view tr_n(Language language, std::string_view singular, std::string_view plural,
                      double count);

// tr(language, msgid) with "{}" filled by fmt; a translation whose placeholders do not fit the
// arguments falls back to the English, so a catalog slip cannot fail a report.
template <typename... Args>
std::string trf(Language language, std::string_view msgid, const Args&... args) {
    try {
        return fmt::format(fmt::runtime(tr(language, msgid)), args...);
    } catch (const fmt::format_error&) {
        return fmt::format(fmt::runtime(msgid), args...);
    }
}

// tr_n's form for `count`, filled as trf fills it.
template <typename... Args>
std::string trf_n(Language language, std::string_view singular, std::string_view plural,
                  double count, const Args&... args) {
    try {
        return fmt::format(fmt::runtime(tr_n(language, singular, plural, count)), args...);
    } catch (const fmt::format_error&) {
        return fmt::format(fmt::runtime(count == 1.0 ? singular : plural), args...);
    }
}

// The two English forms of a plural message, marked for xgettext where it is kept for later
// (a Message).
struct PluralForms {
    std::string_view singular;
    std::string_view plural;
};
constexpr PluralForms noop_tr_n(std::string_view singular, std::string_view plural) {
    return {singular, plural};
}

// Marks a message for xgettext where it cannot be translated yet (a static table); translate it
// with tr() where it is used.
constexpr std::string_view noop_tr(std::string_view msgid) {
    return msgid;
}

// Which plural form (msgstr[i]) `count` takes in `language`; the rule po/<lang>.po's
// Plural-Forms header states.
int plural_index(Language language, double count);

// Whether `language` has a readable catalog (always for English): a command warns when it
// would otherwise print English while a translation was asked for.
bool catalog_available(Language language);

// Why `language`'s catalog could not be read (the path and, for a damaged file, the byte
// offset); empty when it was read, and for English.
std::string catalog_error(Language language);

// Where a catalog is looked for, in order: $WATTBENCH_LOCALEDIR alone when set; else the build
// tree's locale/ for a program run from the build tree (tests, an uninstalled build), then
// share/locale beside the program's prefix, then the configured install prefix's.
std::vector<std::string> catalog_candidates(Language language);

// The first of catalog_candidates that exists, else the last of them.
std::string catalog_path(Language language);

}  // namespace wattbench::core::i18n
