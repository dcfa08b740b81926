#include "app/core/report/report_sections.hpp"

#include <algorithm>
#include <filesystem>

#include <gtest/gtest.h>

#include "app/core/report/markdown_report.hpp"
#include "app/core/report/report_content.hpp"

namespace wattbench::core::report {
namespace {

std::unique_ptr<ReportContent> sim_run() {
    auto built = build_report_content(
        (std::filesystem::path(WATTBENCH_TEST_DATA) / "cases" / "sim_run").string());
    EXPECT_TRUE(std::holds_alternative<std::unique_ptr<ReportContent>>(built));
    return std::move(std::get<std::unique_ptr<ReportContent>>(built));
}

// The HTML places charts and page breaks by these ids and anchors, so they must not follow the
// headings' wording.
TEST(ReportSections, InPrintOrderWithFixedAnchors) {
    const auto content = sim_run();
    const auto sections = report_sections(*content);
    std::vector<SectionId> ids;
    for (const auto& s : sections) {
        ids.push_back(s.id);
    }
    const std::vector<SectionId> expected{
        SectionId::title,       SectionId::summary,     SectionId::validity,
        SectionId::power_curve, SectionId::limits,      SectionId::phase_details,
        SectionId::warnings,    SectionId::environment, SectionId::profile};
    EXPECT_EQ(ids, expected);
    EXPECT_EQ(section_anchor(SectionId::power_curve), "power-versus-load");
    EXPECT_EQ(section_anchor(SectionId::profile), "appendix-the-profile-as-run");
    EXPECT_EQ(sections.front().heading, content->title);
}

// The Markdown report is its sections end to end: no text of its own beside them.
TEST(ReportSections, TheMarkdownIsTheSectionsJoined) {
    const auto content = sim_run();
    std::string joined;
    for (const auto& s : report_sections(*content)) {
        joined += section_markdown(s);
    }
    EXPECT_EQ(joined, render_markdown(*content));
}

}  // namespace
}  // namespace wattbench::core::report
