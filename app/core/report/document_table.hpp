#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/core/report/severity.hpp"

namespace wattbench::core::report {

// Figures are right-aligned, so their digits line up; everything else reads from the left.
enum class ColumnAlign { left, right };

struct TableCell {
    // Implicit, so that a row of plain cells reads as the list of its texts.
    TableCell(std::string text) : text(std::move(text)) {}
    TableCell(const char* text) : text(text) {}
    TableCell(std::string text, Severity verdict) : text(std::move(text)), verdict(verdict) {}

    std::string text;  // one line, as the reader sees it
    // Set where the cell states a validity verdict, so the HTML colours it from the figure
    // rather than from the (translated) word.
    std::optional<Severity> verdict;
};

// A table of a report's section: a header, each column's alignment, rows of cells. A row
// shorter than the header is blank at its end.
struct Table {
    Table(std::vector<std::string> header, std::vector<ColumnAlign> align)
        : header(std::move(header)), align(std::move(align)) {}

    std::vector<std::string> header;
    std::vector<ColumnAlign> align;  // per column; a column without one is left-aligned
    std::vector<std::vector<TableCell>> rows;

    void add_row(std::vector<TableCell> cells) { rows.push_back(std::move(cells)); }
};

}  // namespace wattbench::core::report
