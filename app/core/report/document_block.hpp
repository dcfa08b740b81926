#pragma once

#include <string>
#include <variant>
#include <vector>

#include "app/core/report/document_inline.hpp"
#include "app/core/report/document_list.hpp"
#include "app/core/report/document_table.hpp"

namespace wattbench::core::report {

// The blocks a report's section is made of, what every format renders: Markdown (the text
// report) and HTML (the HTML and PDF reports) each from the same blocks, so neither parses the
// other and a heading can be reworded or translated without moving a chart or a colour.

struct Paragraph {
    Inline text;
};

// A heading inside a section's body (a phase in the details, a pair in a comparison); the
// sections' own headings come from their ids (report_sections).
struct Heading {
    int level = 3;
    std::string text;
};

// Text shown as written, line for line (the profile as run).
struct CodeBlock {
    std::string language;  // "toml": a hint for a Markdown viewer's highlighting
    std::string text;
};

struct Block;

// A note set apart from the section (an incomplete run's); its blocks follow each other
// without blank lines.
struct Quote {
    std::vector<Block> blocks;
};

struct Block : std::variant<Paragraph, Heading, Table, List, CodeBlock, Quote> {
    using variant::variant;
};

using Document = std::vector<Block>;

}  // namespace wattbench::core::report
