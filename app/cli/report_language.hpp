#pragma once

#include <optional>
#include <string>

#include "app/core/i18n/language.hpp"

namespace wattbench::cli {

// The language `report` and `compare` write in: --lang, else the environment's (see
// i18n::choose_language). Nothing after printing the refusal of an unknown --lang (the caller
// exits with kExitUsage); a language whose catalog cannot be read is used with a warning, its
// text then English but its numbers still the language's.
std::optional<core::i18n::Language> report_language(const std::optional<std::string>& option);

}  // namespace wattbench::cli
