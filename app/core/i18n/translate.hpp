#pragma once

#include <string>
#include <string_view>
#include <vector>

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
