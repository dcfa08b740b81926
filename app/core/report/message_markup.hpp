#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "app/core/i18n/translate.hpp"
#include "app/core/report/document_inline.hpp"

namespace wattbench::core::report {

// The catalog's messages spell their emphasis in Markdown (**Started:**, `[validity]`) and
// some carry the Markdown block they were written for ("- " before an item, "> " before a
// quoted line, line breaks around it), so translators see where the text goes. This turns a
// message into spans: the block marks are dropped (the block it goes into says what it is),
// **…** and `…` become strong and code, and `args` fill the message's {} as plain text, after
// the emphasis is read, so a name from the run never turns into markup. An argument that is
// itself spans keeps its emphasis; plain text takes the emphasis of where it stands.
Inline message_spans(std::string_view message, const std::vector<Inline>& args);

namespace detail {

// What stands for argument i while the message is formatted: no catalog text contains it.
std::string placeholder(std::size_t i);

inline const Inline& as_spans(const Inline& spans) {
    return spans;
}
template <typename T>
Inline as_spans(const T& value) {
    return plain(fmt::format("{}", value));
}

template <typename Format, std::size_t... I, typename... Args>
Inline markup_with(const Format& format, std::index_sequence<I...>, const Args&... args) {
    return message_spans(format(placeholder(I)...), {as_spans(args)...});
}

}  // namespace detail

template <typename... Args>
Inline markup(i18n::Language language, std::string_view msgid, const Args&... args) {
    return detail::markup_with(
        [&](const auto&... holders) { return i18n::trf(language, msgid, holders...); },
        std::index_sequence_for<Args...>{}, args...);
}

template <typename... Args>
Inline markup_n(i18n::Language language, std::string_view singular, std::string_view plural,
                double count, const Args&... args) {
    return detail::markup_with(
        [&](const auto&... holders) {
            return i18n::trf_n(language, singular, plural, count, holders...);
        },
        std::index_sequence_for<Args...>{}, args...);
}

}  // namespace wattbench::core::report
