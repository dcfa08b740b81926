#include "app/core/i18n/language.hpp"

namespace wattbench::core::i18n {

std::string_view language_code(Language language) {
    switch (language) {
        case Language::cs:
            return "cs";
        case Language::de:
            return "de";
        case Language::ru:
            return "ru";
        case Language::en:
            break;
    }
    return "en";
}

std::optional<Language> parse_language(std::string_view text) {
    const auto end = text.find_first_of("_-.@");
    const std::string_view code = text.substr(0, end);
    for (const Language language : kLanguages) {
        if (code == language_code(language)) {
            return language;
        }
    }
    return std::nullopt;
}

std::string available_languages() {
    std::string out;
    for (const Language language : kLanguages) {
        if (!out.empty()) {
            out += ", ";
        }
        out += language_code(language);
    }
    return out;
}

}  // namespace wattbench::core::i18n
