#pragma once

#include <string>

#include "app/core/report/document_block.hpp"

namespace wattbench::core::report {

// The blocks as the Markdown report spells them: each block's lines, a blank line between
// blocks, tables padded to line up as text (MarkdownTable), a fence longer than any backtick
// run in a code block's text.
std::string document_markdown(const Document& document);

// **strong** and `code`; the text as it is.
std::string inline_markdown(const Inline& text);

}  // namespace wattbench::core::report
