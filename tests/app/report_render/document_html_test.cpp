#include "app/report_render/document_html.hpp"

#include <gtest/gtest.h>

#include "app/report_render/html_text.hpp"
#include "tests/app/core/report/document_samples.hpp"

namespace wattbench::report_render {
namespace {

// The model is what these tests build; its names read as in core/report.
using namespace core::report;

TEST(HtmlEscape, EscapesMarkupAndQuotes) {
    EXPECT_EQ(html_escape("<a href=\"x\">Tom & Jerry's</a>"),
              "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;");
}

TEST(DocumentHtml, TableCellsTakeTheirColumnsAlignmentAndTheirVerdictsClass) {
    Table table({"Phase", "Verdict", "Power [W]"},
                {ColumnAlign::left, ColumnAlign::left, ColumnAlign::right});
    table.add_row({"a|b <1>", {"invalid", Severity::error}, "113.4"});
    table.add_row({"idle", {"warning", Severity::warning}, {"60.0", Severity::ok}});
    table.add_row({"short"});
    EXPECT_EQ(document_html({table}),
              "<table>\n"
              "<thead><tr><th>Phase</th><th>Verdict</th><th class=\"num\">Power [W]</th></tr>"
              "</thead>\n<tbody>\n"
              "<tr><td>a|b &lt;1&gt;</td><td class=\"invalid\">invalid</td>"
              "<td class=\"num\">113.4</td></tr>\n"
              "<tr><td>idle</td><td class=\"warning\">warning</td>"
              "<td class=\"valid\">60.0</td></tr>\n"
              "<tr><td>short</td><td></td><td class=\"num\"></td></tr>\n"
              "</tbody>\n</table>\n");
}

// The class comes from the verdict the cell states, not from its word, so a Czech report's
// verdicts are coloured as an English one's.
TEST(DocumentHtml, ATranslatedVerdictKeepsItsClass) {
    Table table({"Fáze", "Verdikt"}, {});
    table.add_row({"cpu-4", {"neplatný", Severity::error}});
    table.add_row({"idle", {"platný", Severity::ok}});
    const auto html = document_html({table});
    EXPECT_NE(html.find("<td class=\"invalid\">neplatný</td>"), std::string::npos) << html;
    EXPECT_NE(html.find("<td class=\"valid\">platný</td>"), std::string::npos) << html;
}

// A word that reads like a verdict is plain text unless the figure is one.
TEST(DocumentHtml, AVerdictWordWithoutAVerdictIsPlain) {
    Table table({"Valid"}, {});
    table.add_row({"invalid"});
    EXPECT_NE(document_html({table}).find("<td>invalid</td>"), std::string::npos);
}

TEST(DocumentHtml, InlineStrongAndCodeWithTheirTextEscaped) {
    const Document doc{
        Paragraph{strong("Host:") + plain(" a & \"b\" ") + code("<x>") + plain(" **not bold**")}};
    EXPECT_EQ(document_html(doc),
              "<p><strong>Host:</strong> a &amp; &quot;b&quot; <code>&lt;x&gt;</code> **not "
              "bold**</p>\n");
}

TEST(DocumentHtml, ListItemsTakeTheClassOfTheirSeverityAndNest) {
    List list = core::report::testing::device_facts();
    list.items.emplace_back(plain("cpu-4: ") + strong("chyba") + plain(" — nejistota"),
                            Severity::error);
    list.items.emplace_back(plain("cpu-2: varování — mezery"), Severity::warning);
    EXPECT_EQ(document_html({list}),
              "<ul>\n"
              "<li><strong>Devices:</strong><ul>\n<li>wm: <code>sim</code></li>\n</ul>\n"
              "</li>\n"
              "<li class=\"error\">cpu-4: <strong>chyba</strong> — nejistota</li>\n"
              "<li class=\"warning\">cpu-2: varování — mezery</li>\n"
              "</ul>\n");
}

TEST(DocumentHtml, HeadingsQuotesAndCode) {
    const Document doc{
        Heading{1, "Comparison <1>"},
        Heading{2, "B & C against A"},
        Heading{3, "cpu-2"},
        core::report::testing::incomplete_note(),
        CodeBlock{"toml", "[run]\nname = \"<x>\""},
    };
    EXPECT_EQ(document_html(doc),
              "<h1>Comparison &lt;1&gt;</h1>\n"
              "<h2 id=\"b-c-against-a\">B &amp; C against A</h2>\n"
              "<h3>cpu-2</h3>\n"
              "<blockquote>\n<p><strong>Incomplete results.</strong> Stopped.</p>\n"
              "<ul>\n<li>Not measured: cpu-4</li>\n</ul>\n</blockquote>\n"
              "<pre><code>[run]\nname = &quot;&lt;x&gt;&quot;\n</code></pre>\n");
}

}  // namespace
}  // namespace wattbench::report_render
