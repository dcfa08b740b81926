#pragma once

#include <string>
#include <string_view>

namespace wattbench::report_render {

// The Markdown the report writers emit (core/report: headings, paragraphs, lists, quotes,
// GitHub tables, fenced code, **bold** and `code`) as HTML, so the HTML and PDF reports carry
// exactly the Markdown report's text, tables and figures without formatting them a second time.
// Every piece of text is HTML-escaped. Headings of level 2 get an id made from their text
// ("Power versus load" -> "power-versus-load"); a table cell reading "invalid", "warning" or
// "valid" and a list item naming an **error** or a warning get a class a stylesheet can colour.
std::string markdown_to_html(std::string_view markdown);

// One line of Markdown text (a heading's): trimmed, **bold** and `code` as HTML, the rest
// escaped.
std::string markdown_inline_html(std::string_view text);

// "Power versus load" -> "power-versus-load".
std::string section_id(std::string_view heading);

}  // namespace wattbench::report_render
