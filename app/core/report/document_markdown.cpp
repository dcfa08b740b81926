#include "app/core/report/document_markdown.hpp"

#include <algorithm>

#include "app/core/report/markdown_table.hpp"

namespace wattbench::core::report {

namespace {

std::string block_markdown(const Block& block);

void append_items(std::string& out, const std::vector<ListItem>& items, std::size_t depth) {
    for (const auto& item : items) {
        out += std::string(2 * depth, ' ') + "- " + inline_markdown(item.text) + '\n';
        append_items(out, item.children, depth + 1);
    }
}

std::string markdown_of(const Table& table) {
    MarkdownTable out(table.header, table.align);
    for (const auto& row : table.rows) {
        std::vector<std::string> cells;
        for (const auto& cell : row) {
            cells.push_back(cell.text);
        }
        out.add_row(std::move(cells));
    }
    return out.render();
}

// A fence longer than any backtick run inside, so no line of the text can close it.
std::string markdown_of(const CodeBlock& code) {
    std::size_t longest = 0;
    std::size_t run = 0;
    for (const char c : code.text) {
        run = c == '`' ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    const std::string fence(std::max<std::size_t>(3, longest + 1), '`');
    std::string out = fence + code.language + '\n' + code.text;
    if (!code.text.empty() && code.text.back() != '\n') {
        out += '\n';
    }
    return out + fence + '\n';
}

std::string markdown_of(const Quote& quote) {
    std::string inner;
    for (const auto& block : quote.blocks) {
        inner += block_markdown(block);
    }
    std::string out;
    std::size_t start = 0;
    while (start < inner.size()) {
        const auto end = inner.find('\n', start);
        const auto line = std::string_view(inner).substr(start, end - start);
        out += (line.empty() ? ">" : "> ") + std::string(line) + '\n';
        start = end == std::string::npos ? inner.size() : end + 1;
    }
    return out;
}

std::string markdown_of(const Paragraph& paragraph) {
    return inline_markdown(paragraph.text) + '\n';
}

std::string markdown_of(const Heading& heading) {
    return std::string(static_cast<std::size_t>(std::clamp(heading.level, 1, 6)), '#') + ' ' +
           heading.text + '\n';
}

std::string markdown_of(const List& list) {
    std::string out;
    append_items(out, list.items, 0);
    return out;
}

std::string block_markdown(const Block& block) {
    return std::visit([](const auto& b) { return markdown_of(b); },
                      static_cast<const Block::variant&>(block));
}

}  // namespace

std::string inline_markdown(const Inline& text) {
    std::string out;
    for (const auto& span : text) {
        switch (span.style) {
            case Span::Style::plain:
                out += span.text;
                break;
            case Span::Style::strong:
                out += "**" + span.text + "**";
                break;
            case Span::Style::code:
                out += '`' + span.text + '`';
                break;
        }
    }
    return out;
}

std::string document_markdown(const Document& document) {
    std::string out;
    for (std::size_t i = 0; i < document.size(); ++i) {
        out += (i > 0 ? "\n" : "") + block_markdown(document[i]);
    }
    return out;
}

}  // namespace wattbench::core::report
