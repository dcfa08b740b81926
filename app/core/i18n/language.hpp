#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace wattbench::core::i18n {

// The languages a report can be written in. English is the source language of every message;
// the others have a catalog in po/.
enum class Language { en, cs, de, ru };

inline constexpr std::array<Language, 4> kLanguages{Language::en, Language::cs, Language::de,
                                                    Language::ru};

// "cs": the ISO 639-1 code, which names the catalog and the ICU locale.
std::string_view language_code(Language language);

// "cs", "cs_CZ.UTF-8", "de-AT", "ru_RU@euro": the language part decides; nothing when it is not
// one of kLanguages.
std::optional<Language> parse_language(std::string_view text);

// "en, cs, de, ru": what a refusal of an unknown --lang lists.
std::string available_languages();

}  // namespace wattbench::core::i18n
