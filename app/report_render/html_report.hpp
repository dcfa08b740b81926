#pragma once

#include <string>

namespace wattbench::core::report {
struct ReportContent;
struct Comparison;
}  // namespace wattbench::core::report

namespace wattbench::report_render {

// One self-contained HTML file: inline stylesheet (with print rules), inline SVG charts, no
// scripts, links, web fonts or anything else fetched from elsewhere. Creates the headless
// QApplication the charts need if there is none.
std::string render_html(const core::report::ReportContent& content);
std::string render_comparison_html(const core::report::Comparison& comparison);

}  // namespace wattbench::report_render
