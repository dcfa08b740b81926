#include <gtest/gtest.h>

#include "app/report_render/html_text.hpp"
#include "app/report_render/markdown_html.hpp"

namespace wattbench::report_render {
namespace {

TEST(HtmlEscape, EscapesMarkupAndQuotes) {
    EXPECT_EQ(html_escape("<a href=\"x\">Tom & Jerry's</a>"),
              "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;");
}

TEST(MarkdownHtml, HeadingsGetIdsAndEscapedText) {
    const auto html = markdown_to_html("# run <1>\n\n## Power versus load\n\ntext & more\n");
    EXPECT_NE(html.find("<h1>run &lt;1&gt;</h1>"), std::string::npos) << html;
    EXPECT_NE(html.find("<h2 id=\"power-versus-load\">Power versus load</h2>"), std::string::npos);
    EXPECT_NE(html.find("<p>text &amp; more</p>"), std::string::npos);
}

TEST(MarkdownHtml, TableWithAlignmentPipesAndVerdictClasses) {
    const auto html = markdown_to_html(
        "| Phase  | Verdict | Power [W] |\n"
        "|:-------|:--------|----------:|\n"
        "| a\\|b   | invalid |     113.4 |\n"
        "| idle   | warning |      60.0 |\n");
    EXPECT_NE(html.find("<th class=\"num\">Power [W]</th>"), std::string::npos) << html;
    EXPECT_NE(html.find("<td>a|b</td>"), std::string::npos) << html;
    EXPECT_NE(html.find("<td class=\"invalid\">invalid</td>"), std::string::npos);
    EXPECT_NE(html.find("<td class=\"warning\">warning</td>"), std::string::npos);
    EXPECT_NE(html.find("<td class=\"num\">113.4</td>"), std::string::npos);
    EXPECT_EQ(html.find("---"), std::string::npos);
}

TEST(MarkdownHtml, ListsQuotesCodeAndBold) {
    const auto html = markdown_to_html(
        "- **Host:** box\n- Devices:\n  - wattmeter: `sim`\n\n"
        "> **Incomplete results.** The run was interrupted.\n> - Not measured: cpu-4\n\n"
        "```toml\n[run]\nname = \"<x>\"\n```\n"
        "- cpu-4: **error** — uncertainty\n- cpu-2: warning — gaps\n");
    EXPECT_NE(html.find("<li><strong>Host:</strong> box</li>"), std::string::npos) << html;
    EXPECT_NE(html.find("<ul>\n<li>wattmeter: <code>sim</code></li>"), std::string::npos) << html;
    EXPECT_NE(html.find("<blockquote>\n<p><strong>Incomplete results.</strong>"), std::string::npos)
        << html;
    EXPECT_NE(html.find("<pre><code>[run]\nname = &quot;&lt;x&gt;&quot;\n</code></pre>"),
              std::string::npos)
        << html;
    EXPECT_NE(html.find("<li class=\"error\">cpu-4"), std::string::npos) << html;
    EXPECT_NE(html.find("<li class=\"warning\">cpu-2"), std::string::npos) << html;
}

}  // namespace
}  // namespace wattbench::report_render
