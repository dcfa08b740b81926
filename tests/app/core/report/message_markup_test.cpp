#include "app/core/report/message_markup.hpp"

#include <gtest/gtest.h>

#include "app/core/report/document_markdown.hpp"

namespace wattbench::core::report {
namespace {

TEST(MessageMarkup, EmphasisFromTheMessageArgumentsAsPlainText) {
    const Inline spans = markup(i18n::Language::en, "- **Started:** {} (`{}`)\n", "**x**", "y`");
    ASSERT_EQ(spans.size(), 4u);
    EXPECT_EQ(spans[0].style, Span::Style::strong);
    EXPECT_EQ(spans[0].text, "Started:");
    EXPECT_EQ(spans[1].style, Span::Style::plain);
    EXPECT_EQ(spans[1].text, " **x** (");
    EXPECT_EQ(spans[2].style, Span::Style::code);
    EXPECT_EQ(spans[2].text, "y`");
    EXPECT_EQ(spans[3].text, ")");
}

TEST(MessageMarkup, AnArgumentInsideEmphasisTakesItAndSpansKeepTheirs) {
    const Inline verdict = markup(i18n::Language::en, "**Verdict: {}**", "valid");
    ASSERT_EQ(verdict.size(), 1u);
    EXPECT_EQ(verdict[0].style, Span::Style::strong);
    EXPECT_EQ(verdict[0].text, "Verdict: valid");

    const Inline status =
        markup(i18n::Language::en, "- **Status:** {}\n", strong("killed") + plain(" at idle"));
    EXPECT_EQ(inline_markdown(status), "**Status:** **killed** at idle");
}

TEST(MessageMarkup, QuotedItemsAndBlankLinesAroundAreDropped) {
    EXPECT_EQ(inline_markdown(markup(i18n::Language::en, "> - Not measured: {}\n", "cpu-4")),
              "Not measured: cpu-4");
    EXPECT_EQ(inline_markdown(markup(i18n::Language::en, "\nRules not met:\n\n")),
              "Rules not met:");
    EXPECT_EQ(inline_markdown(markup(i18n::Language::en, " none\n")), " none");
}

}  // namespace
}  // namespace wattbench::core::report
