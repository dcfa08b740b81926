#include "app/core/report/document_markdown.hpp"

#include <gtest/gtest.h>

#include "tests/app/core/report/document_samples.hpp"

namespace wattbench::core::report {
namespace {

TEST(DocumentMarkdown, BlocksAreSeparatedByABlankLine) {
    Table table({"Phase", "Verdict", "Power [W]"},
                {ColumnAlign::left, ColumnAlign::left, ColumnAlign::right});
    table.add_row({"a|b", {"invalid", Severity::error}, "113.4"});
    List rules;
    rules.items.emplace_back(plain("a: ") + strong("error") + plain(" — gaps"), Severity::error);
    const Document doc{Paragraph{strong("Verdict: invalid") + plain(" — 1 rule failed")}, table,
                       Paragraph{plain("Rules not met:")}, rules};
    EXPECT_EQ(document_markdown(doc),
              "**Verdict: invalid** — 1 rule failed\n"
              "\n"
              "| Phase | Verdict | Power [W] |\n"
              "|:------|:--------|----------:|\n"
              "| a\\|b  | invalid |     113.4 |\n"
              "\n"
              "Rules not met:\n"
              "\n"
              "- a: **error** — gaps\n");
}

TEST(DocumentMarkdown, NestedItemsHeadingsAndCode) {
    const Document doc{Heading{3, "cpu-2"}, testing::device_facts(),
                       CodeBlock{"toml", "a = \"```\"\nb = 1"}};
    EXPECT_EQ(document_markdown(doc),
              "### cpu-2\n"
              "\n"
              "- **Devices:**\n"
              "  - wm: `sim`\n"
              "\n"
              "````toml\na = \"```\"\nb = 1\n````\n");
}

// An incomplete run's note: its paragraph and list follow each other, each line quoted.
TEST(DocumentMarkdown, AQuoteQuotesEveryLineOfItsBlocks) {
    EXPECT_EQ(document_markdown({testing::incomplete_note()}),
              "> **Incomplete results.** Stopped.\n"
              "> - Not measured: cpu-4\n");
}

}  // namespace
}  // namespace wattbench::core::report
