#include "app/core/report/message_markup.hpp"

namespace wattbench::core::report {

namespace {

constexpr char kMark = '\x1f';  // ASCII unit separator: never in a catalog message

std::string_view without_block_marks(std::string_view s) {
    while (!s.empty() && s.front() == '\n') {
        s.remove_prefix(1);
    }
    if (s.substr(0, 2) == "> ") {
        s.remove_prefix(2);
    }
    if (const auto dash = s.find_first_not_of(' ');
        dash != std::string_view::npos && s.substr(dash, 2) == "- ") {
        s.remove_prefix(dash + 2);
    }
    while (!s.empty() && s.back() == '\n') {
        s.remove_suffix(1);
    }
    return s;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && s.front() == ' ') {
        s.remove_prefix(1);
    }
    while (!s.empty() && s.back() == ' ') {
        s.remove_suffix(1);
    }
    return s;
}

// Spans of one style stand together as one, as the message wrote them.
void push(Inline& out, Span span) {
    if (span.text.empty()) {
        return;
    }
    if (!out.empty() && out.back().style == span.style && span.style != Span::Style::code) {
        out.back().text += span.text;
    } else {
        out.push_back(std::move(span));
    }
}

// `text` in `style`, each argument's mark replaced by the argument.
void append_filled(Inline& out, Span::Style style, std::string_view text,
                   const std::vector<Inline>& args) {
    std::size_t i = 0;
    while (i < text.size()) {
        const auto mark = text.find(kMark, i);
        const auto end = mark == std::string_view::npos ? mark : text.find(kMark, mark + 1);
        if (end == std::string_view::npos) {
            push(out, {style, std::string(text.substr(i))});
            return;
        }
        push(out, {style, std::string(text.substr(i, mark - i))});
        const auto index = static_cast<std::size_t>(
            std::stoul(std::string(text.substr(mark + 1, end - mark - 1))));
        if (index < args.size()) {
            for (const auto& span : args[index]) {
                push(out, {span.style == Span::Style::plain ? style : span.style, span.text});
            }
        }
        i = end + 1;
    }
}

}  // namespace

namespace detail {

std::string placeholder(std::size_t i) {
    return kMark + std::to_string(i) + kMark;
}

}  // namespace detail

Inline message_spans(std::string_view message, const std::vector<Inline>& args) {
    const std::string_view text = without_block_marks(message);
    Inline out;
    auto append = [&](Span::Style style, std::string_view piece) {
        append_filled(out, style, piece, args);
    };
    bool bold = false;
    std::size_t start = 0;
    std::size_t i = 0;
    while (i < text.size()) {
        if (text[i] == '`') {
            if (const auto close = text.find('`', i + 1); close != std::string_view::npos) {
                append(bold ? Span::Style::strong : Span::Style::plain,
                       text.substr(start, i - start));
                append(Span::Style::code, trim(text.substr(i + 1, close - i - 1)));
                i = start = close + 1;
                continue;
            }
        }
        if (text.substr(i, 2) == "**" &&
            (bold || text.find("**", i + 2) != std::string_view::npos)) {
            append(bold ? Span::Style::strong : Span::Style::plain, text.substr(start, i - start));
            bold = !bold;
            i = start = i + 2;
            continue;
        }
        ++i;
    }
    append(bold ? Span::Style::strong : Span::Style::plain, text.substr(start));
    return out;
}

}  // namespace wattbench::core::report
