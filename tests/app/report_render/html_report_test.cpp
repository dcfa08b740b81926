#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <vector>

#include <QXmlStreamReader>

#include "app/report_render/html_report.hpp"
#include "test_content.hpp"

namespace wattbench::report_render {
namespace {

struct ParsedPage {
    std::vector<std::string> svgs;  // each inline <svg> element's text
    int tables = 0;
    std::vector<std::string> table_cells;
    std::string error;
};

// Parses the page as XML (the renderer writes well-formed XHTML syntax), so a stray '<' from an
// unescaped run name or an unclosed tag fails here.
ParsedPage parse(const std::string& html) {
    ParsedPage page;
    QXmlStreamReader xml(QString::fromStdString(html));
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            if (xml.name() == u"table") {
                ++page.tables;
            } else if (xml.name() == u"td" || xml.name() == u"th") {
                page.table_cells.push_back(
                    xml.readElementText(QXmlStreamReader::IncludeChildElements).toStdString());
            }
        }
    }
    if (xml.hasError()) {
        page.error =
            xml.errorString().toStdString() + " at line " + std::to_string(xml.lineNumber());
    }
    std::size_t at = 0;
    while ((at = html.find("<svg", at)) != std::string::npos) {
        const auto end = html.find("</svg>", at);
        page.svgs.push_back(html.substr(at, end - at));
        at = end;
    }
    return page;
}

// Coordinates drawn by an SVG's paths and polylines.
std::size_t drawn_points(const std::string& svg) {
    static const std::regex attr(R"((?:points|d)=\"([^\"]*)\")");
    static const std::regex pair(R"(-?[0-9.]+[ ,]-?[0-9.]+)");
    std::size_t n = 0;
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), attr); it != std::sregex_iterator();
         ++it) {
        const std::string value = (*it)[1];
        n += static_cast<std::size_t>(std::distance(
            std::sregex_iterator(value.begin(), value.end(), pair), std::sregex_iterator()));
    }
    return n;
}

bool contains(const std::vector<std::string>& cells, const std::string& text) {
    for (const auto& c : cells) {
        if (c.find(text) != std::string::npos) {
            return true;
        }
    }
    return false;
}

TEST(HtmlReport, SelfContainedWithTablesAndSvgCharts) {
    test::headless();
    const auto content = test::sample_content();
    const std::string html = render_html(*content);
    const auto page = parse(html);
    ASSERT_TRUE(page.error.empty()) << page.error;

    // Nothing fetched from elsewhere.
    EXPECT_EQ(html.find("<script"), std::string::npos);
    EXPECT_EQ(html.find("<link"), std::string::npos);
    EXPECT_EQ(html.find("http://"), std::string::npos);
    EXPECT_EQ(html.find("https://"), std::string::npos);
    EXPECT_EQ(html.find("@import"), std::string::npos);
    EXPECT_EQ(html.find("@font-face"), std::string::npos);
    EXPECT_EQ(html.find("<img"), std::string::npos);
    for (std::size_t at = html.find("url("); at != std::string::npos;
         at = html.find("url(", at + 1)) {
        EXPECT_EQ(html.substr(at, 5), "url(#") << html.substr(at, 40);
    }
    EXPECT_NE(html.find("@media print"), std::string::npos);

    // The run's name is text, not markup.
    EXPECT_NE(html.find("review &lt;script&gt;alert(1)&lt;/script&gt; &amp; co"),
              std::string::npos);

    // Summary, validity, power curve, limits, phase details and environment tables.
    EXPECT_GE(page.tables, 6);
    EXPECT_TRUE(contains(page.table_cells, "cpu-4"));
    EXPECT_TRUE(contains(page.table_cells, "117.6"));
    EXPECT_TRUE(contains(page.table_cells, "invalid"));
    EXPECT_NE(html.find("<td class=\"invalid\">invalid</td>"), std::string::npos);
    EXPECT_NE(html.find("class=\"verdict verdict-invalid\""), std::string::npos);
    EXPECT_NE(html.find("+28.8 W per core up to 2 cores, then +4.5 W per thread"),
              std::string::npos);

    // Power versus load, power over time, temperatures over time.
    ASSERT_EQ(page.svgs.size(), 3u);
    EXPECT_GT(drawn_points(page.svgs[0]), 8u);    // 4 points, their error bars, the knee
    EXPECT_GT(drawn_points(page.svgs[1]), 400u);  // 470 buckets of mean, min and max
    EXPECT_GT(drawn_points(page.svgs[2]), 400u);
    EXPECT_NE(page.svgs[2].find("upper critical"), std::string::npos);
    EXPECT_NE(page.svgs[1].find("cpu-2"), std::string::npos);  // a phase band's name

    // Each chart's ids are its own.
    const auto first_id = html.find("id=\"c0-");
    const auto second_id = html.find("id=\"c1-");
    EXPECT_TRUE(first_id == std::string::npos || second_id != std::string::npos);

    // Sections in the order a reader expects.
    const auto summary = html.find("id=\"summary\"");
    const auto curve = html.find("id=\"power-versus-load\"");
    const auto series = html.find("id=\"time-series\"");
    const auto environment = html.find("id=\"environment\"");
    ASSERT_NE(summary, std::string::npos);
    ASSERT_NE(curve, std::string::npos);
    ASSERT_NE(series, std::string::npos);
    ASSERT_NE(environment, std::string::npos);
    EXPECT_LT(summary, curve);
    EXPECT_LT(curve, series);
    EXPECT_LT(series, environment);
    EXPECT_NE(html.find("name = &quot;review&quot;"), std::string::npos);  // profile appendix
}

TEST(HtmlReport, ComparisonTablesAndOverlay) {
    test::headless();
    const auto cmp = test::sample_comparison();
    const std::string html = render_comparison_html(cmp);
    const auto page = parse(html);
    ASSERT_TRUE(page.error.empty()) << page.error;
    EXPECT_GE(page.tables, 2);  // the pair's differences, the curves' points
    EXPECT_TRUE(contains(page.table_cells, "no significant difference"));
    EXPECT_TRUE(contains(page.table_cells, "[-10.6, -9.2] %"));
    EXPECT_NE(html.find("kernel &lt;6.6&gt;"), std::string::npos);
    ASSERT_EQ(page.svgs.size(), 1u);
    EXPECT_GT(drawn_points(page.svgs[0]), 12u);
    EXPECT_NE(page.svgs[0].find("kernel 6.1"), std::string::npos);  // the legend names both
    EXPECT_EQ(html.find("http://"), std::string::npos);
}

}  // namespace
}  // namespace wattbench::report_render

namespace wattbench::report_render {
namespace {

std::unique_ptr<core::report::ReportContent> golden(const std::string& name) {
    auto built =
        core::report::build_report_content(std::string(WATTBENCH_REPORT_CASES) + "/" + name);
    if (auto* err = std::get_if<std::string>(&built)) {
        ADD_FAILURE() << *err;
        return nullptr;
    }
    return std::move(std::get<std::unique_ptr<core::report::ReportContent>>(built));
}

// The recorded sim run of the text reports' golden cases, through the whole path.
TEST(HtmlReport, RecordedSimRun) {
    test::headless();
    const auto content = golden("sim_run");
    ASSERT_TRUE(content);
    const std::string html = render_html(*content);
    const auto page = parse(html);
    ASSERT_TRUE(page.error.empty()) << page.error;
    EXPECT_EQ(html.find("http://"), std::string::npos);
    EXPECT_EQ(html.find("<script"), std::string::npos);
    EXPECT_GE(page.tables, 6);
    // Power versus load, then power, temperatures, fans, voltages, noise, CPU load over time.
    ASSERT_EQ(page.svgs.size(), 7u);
    for (std::size_t i = 1; i < page.svgs.size(); ++i) {
        EXPECT_GT(drawn_points(page.svgs[i]), 20u) << i;
    }
    EXPECT_NE(html.find("+2.3 W per busy CPU"), std::string::npos);
}

TEST(HtmlReport, RunInterruptedMidPhase) {
    test::headless();
    const auto content = golden("sim_interrupted");
    ASSERT_TRUE(content);
    const std::string html = render_html(*content);
    const auto page = parse(html);
    ASSERT_TRUE(page.error.empty()) << page.error;
    EXPECT_NE(html.find("Incomplete results"), std::string::npos);
    EXPECT_GE(page.svgs.size(), 1u);
}

}  // namespace
}  // namespace wattbench::report_render
