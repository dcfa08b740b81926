#include "app/cli/report_language.hpp"

#include <cstdio>
#include <variant>

#include <fmt/format.h>

#include "app/core/i18n/language_choice.hpp"
#include "app/core/i18n/translate.hpp"

namespace wattbench::cli {

std::optional<core::i18n::Language> report_language(const std::optional<std::string>& option) {
    namespace i18n = core::i18n;
    const auto chosen = i18n::choose_language(option);
    if (const auto* refusal = std::get_if<std::string>(&chosen)) {
        fmt::print(stderr, "wattbench: {}\n", *refusal);
        return std::nullopt;
    }
    const auto language = std::get<i18n::Language>(chosen);
    if (!i18n::catalog_available(language)) {
        fmt::print(stderr, "wattbench: warning: {}; the report's text stays English\n",
                   i18n::catalog_error(language));
    }
    return language;
}

}  // namespace wattbench::cli
