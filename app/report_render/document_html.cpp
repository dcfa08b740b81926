#include "app/report_render/document_html.hpp"

#include <algorithm>
#include <cctype>
#include <string_view>

#include "app/report_render/html_text.hpp"

namespace wattbench::report_render {

using namespace core::report;

namespace {

std::string anchor(std::string_view heading) {
    std::string id;
    for (const char c : heading) {
        if (std::isalnum(static_cast<unsigned char>(c))) {
            id += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        } else if (!id.empty() && id.back() != '-') {
            id += '-';
        }
    }
    while (!id.empty() && id.back() == '-') {
        id.pop_back();
    }
    return id.empty() ? "section" : id;
}

std::string html_of(const Heading& heading) {
    const std::string tag = "h" + std::to_string(std::clamp(heading.level, 1, 6));
    const std::string id = heading.level == 2 ? " id=\"" + anchor(heading.text) + "\"" : "";
    return "<" + tag + id + ">" + html_escape(heading.text) + "</" + tag + ">\n";
}

std::string html_of(const Table& table) {
    auto right = [&](std::size_t column) {
        return column < table.align.size() && table.align[column] == ColumnAlign::right;
    };
    std::string out = "<table>\n<thead><tr>";
    for (std::size_t c = 0; c < table.header.size(); ++c) {
        out += (right(c) ? "<th class=\"num\">" : "<th>") + html_escape(table.header[c]) + "</th>";
    }
    out += "</tr></thead>\n<tbody>\n";
    for (const auto& row : table.rows) {
        out += "<tr>";
        for (std::size_t c = 0; c < table.header.size(); ++c) {
            const TableCell blank("");
            const TableCell& cell = c < row.size() ? row[c] : blank;
            std::string cls;
            if (cell.verdict) {
                cls = " class=\"" + std::string(severity_name(*cell.verdict)) + "\"";
            } else if (right(c)) {
                cls = " class=\"num\"";
            }
            out += "<td" + cls + ">" + html_escape(cell.text) + "</td>";
        }
        out += "</tr>\n";
    }
    return out + "</tbody>\n</table>\n";
}

std::string list_html(const std::vector<ListItem>& items) {
    std::string out = "<ul>\n";
    for (const auto& item : items) {
        out += item.severity == Severity::error     ? "<li class=\"error\">"
               : item.severity == Severity::warning ? "<li class=\"warning\">"
                                                    : "<li>";
        out += inline_html(item.text);
        if (!item.children.empty()) {
            out += list_html(item.children);
        }
        out += "</li>\n";
    }
    return out + "</ul>\n";
}

std::string html_of(const CodeBlock& code) {
    std::string out = "<pre><code>" + html_escape(code.text);
    if (!code.text.empty() && code.text.back() != '\n') {
        out += '\n';
    }
    return out + "</code></pre>\n";
}

std::string html_of(const Paragraph& paragraph) {
    return "<p>" + inline_html(paragraph.text) + "</p>\n";
}

std::string html_of(const List& list) {
    return list_html(list.items);
}

std::string html_of(const Quote& quote) {
    return "<blockquote>\n" + document_html(quote.blocks) + "</blockquote>\n";
}

std::string block_html(const Block& block) {
    return std::visit([](const auto& b) { return html_of(b); },
                      static_cast<const Block::variant&>(block));
}

}  // namespace

std::string inline_html(const Inline& text) {
    std::string out;
    for (const auto& span : text) {
        switch (span.style) {
            case Span::Style::plain:
                out += html_escape(span.text);
                break;
            case Span::Style::strong:
                out += "<strong>" + html_escape(span.text) + "</strong>";
                break;
            case Span::Style::code:
                out += "<code>" + html_escape(span.text) + "</code>";
                break;
        }
    }
    return out;
}

std::string document_html(const Document& document) {
    std::string out;
    for (const auto& block : document) {
        out += block_html(block);
    }
    return out;
}

}  // namespace wattbench::report_render
