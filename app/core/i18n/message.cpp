#include "app/core/i18n/message.hpp"

#include <fmt/args.h>
#include <fmt/format.h>

#include "app/core/i18n/number_format.hpp"
#include "app/core/i18n/translate.hpp"

namespace wattbench::core::i18n {

MessageArg number_arg(std::string decimal) {
    return {std::move(decimal), true};
}

MessageArg text_arg(std::string text) {
    return {std::move(text), false};
}

MessageArg word_arg(std::string_view msgid) {
    return {std::string(msgid), false, true};
}

namespace {

std::string formatted(std::string_view format, const std::vector<MessageArg>& args,
                      Language language) {
    fmt::dynamic_format_arg_store<fmt::format_context> store;
    for (const auto& arg : args) {
        store.push_back(arg.number       ? localize_decimal(language, arg.text)
                        : arg.translated ? std::string(tr(language, arg.text))
                                         : arg.text);
    }
    return fmt::vformat(format, store);
}

}  // namespace

std::string Message::in(Language language) const {
    const std::string_view english =
        plural.empty() || plural_index(Language::en, count) == 0 ? format : plural;
    const std::string_view translated =
        plural.empty() ? tr(language, format) : tr_n(language, format, plural, count);
    try {
        return formatted(translated, args, language);
    } catch (const fmt::format_error&) {
        return formatted(english, args, Language::en);
    }
}

}  // namespace wattbench::core::i18n
