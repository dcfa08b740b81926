#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "app/core/i18n/language.hpp"

namespace wattbench::core::i18n {

// One value put into a message: a number spelled with a decimal point ("25", "-1.50"), which
// each language writes in its own convention, or text (a channel name) that stays as it is.
struct MessageArg {
    std::string text;
    bool number = false;
    bool translated = false;  // a word marked with noop_tr ("Power"), looked up in the catalog
};

MessageArg number_arg(std::string decimal);
MessageArg text_arg(std::string text);
MessageArg word_arg(std::string_view msgid);

// A sentence kept as its English template and its values, so that one computed result (a
// validity rule's detail, a summary row's label) is written in whatever language a report asks
// for, while CSV and JSON keep the English. `format` is a string literal marked with noop_tr
// (xgettext finds it there); "{}" are the values in order.
struct Message {
    Message() = default;
    Message(std::string_view format_, std::vector<MessageArg> args_ = {})
        : format(format_), args(std::move(args_)) {}
    Message(std::string_view singular, std::vector<MessageArg> args_, std::string_view plural_,
            double count_)
        : format(singular), args(std::move(args_)), plural(plural_), count(count_) {}

    std::string_view format;
    std::vector<MessageArg> args;
    // With a plural form: tr_n's choice by `count` between `format` and `plural`.
    std::string_view plural;
    double count = 0.0;

    bool empty() const { return format.empty(); }
    // The message in `language`; a translation whose placeholders do not fit the values falls
    // back to English rather than failing a report.
    std::string in(Language language) const;
};

}  // namespace wattbench::core::i18n
