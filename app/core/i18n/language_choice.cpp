#include "app/core/i18n/language_choice.hpp"

#include <cstdlib>

namespace wattbench::core::i18n {

std::string process_env(const char* name) {
    const char* value = std::getenv(name);
    return value == nullptr ? std::string() : std::string(value);
}

std::variant<Language, std::string> choose_language(const std::optional<std::string>& option,
                                                    const EnvLookup& env) {
    if (option) {
        if (const auto language = parse_language(*option)) {
            return *language;
        }
        return "unknown language '" + *option + "' (available: " + available_languages() + ")";
    }
    for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
        const std::string value = env(name);
        if (!value.empty()) {
            return parse_language(value).value_or(Language::en);
        }
    }
    return Language::en;
}

}  // namespace wattbench::core::i18n
