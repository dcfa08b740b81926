#pragma once

#include <string>

#include "app/report_render/report_chart.hpp"

namespace wattbench::report_render {

// One self-contained HTML file: inline stylesheet (with print rules), inline SVG charts, no
// scripts, links, web fonts or anything else fetched from elsewhere. Creates the headless
// QApplication the charts need if there is none.
std::string render_html(const core::report::ReportContent& content);
std::string render_comparison_html(const core::report::Comparison& comparison);
// The same with charts already built (report_charts / comparison_charts), for a caller that
// also exports them: the charts are laid out once.
std::string render_html(const core::report::ReportContent& content, const ChartList& charts);
std::string render_comparison_html(const core::report::Comparison& comparison,
                                   const ChartList& charts);

}  // namespace wattbench::report_render
