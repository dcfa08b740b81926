#pragma once

#include <string>

#include "app/core/report/document_block.hpp"

namespace wattbench::report_render {

// A report's blocks (core/report's Document) as HTML for the HTML and PDF reports: every piece of
// text escaped, right-aligned columns with class "num", a verdict cell and a list item of a
// rule not met with the class of its severity ("valid", "warning", "invalid"; "warning",
// "error"), whatever language the text is in. A level-2 heading gets an id made from its text
// ("B against A" -> "b-against-a").
std::string document_html(const core::report::Document& document);

// Spans as HTML: <strong>, <code>, the rest escaped.
std::string inline_html(const core::report::Inline& text);

}  // namespace wattbench::report_render
