#include "app/core/report/markdown_table.hpp"

#include <gtest/gtest.h>

namespace wattbench::core::report {
namespace {

using Align = MarkdownTable::Align;

TEST(MarkdownTable, PadsColumnsByCharactersNotBytes) {
    MarkdownTable table({"Quantity", "idle"}, {Align::left, Align::right});
    table.add_row({"Temperature [°C]", "31.2"});
    table.add_row({"Fan", "–"});
    EXPECT_EQ(table.render(),
              "| Quantity         | idle |\n"
              "|:-----------------|-----:|\n"
              "| Temperature [°C] | 31.2 |\n"
              "| Fan              |    – |\n");
}

TEST(MarkdownTable, EscapesPipesAndLineBreaks) {
    MarkdownTable table({"a|b"}, {Align::left});
    table.add_row({"two\nlines"});
    EXPECT_EQ(table.render(),
              "| a\\|b      |\n"
              "|:----------|\n"
              "| two lines |\n");
}

TEST(MarkdownTable, MissingCellsAreBlank) {
    MarkdownTable table({"a", "b"}, {Align::left, Align::left});
    table.add_row({"x"});
    EXPECT_EQ(table.render(),
              "| a   | b   |\n"
              "|:----|:----|\n"
              "| x   |     |\n");
}

}  // namespace
}  // namespace wattbench::core::report
