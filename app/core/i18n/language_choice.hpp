#pragma once

#include <functional>
#include <optional>
#include <string>
#include <variant>

#include "app/core/i18n/language.hpp"

namespace wattbench::core::i18n {

// Reads one environment variable; empty when unset. Injected so tests need not touch the
// process environment.
using EnvLookup = std::function<std::string(const char* name)>;

// The process environment through std::getenv.
std::string process_env(const char* name);

// The language a command writes in: --lang when given (an unknown one is an error naming the
// available languages), else the first of LC_ALL, LC_MESSAGES and LANG that is set, as gettext
// reads them; a desktop locale without a catalog ("fr_FR", "C") falls back to English rather than
// failing a report.
std::variant<Language, std::string> choose_language(const std::optional<std::string>& option,
                                                    const EnvLookup& env = process_env);

}  // namespace wattbench::core::i18n
