#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "app/core/report/document_table.hpp"

namespace wattbench::core::report {

// A GitHub-flavoured Markdown table whose columns are padded to a common width, so the source
// reads as a table too (reviewers paste it into mail and terminals as often as they render it).
class MarkdownTable {
public:
    using Align = ColumnAlign;

    MarkdownTable(std::vector<std::string> header, std::vector<Align> align);

    void add_row(std::vector<std::string> cells);
    std::string render() const;

    // Pipes would end the cell and line breaks the table.
    static std::string escape(std::string_view text);

private:
    std::vector<std::string> header_;
    std::vector<Align> align_;
    std::vector<std::vector<std::string>> rows_;
};

}  // namespace wattbench::core::report
