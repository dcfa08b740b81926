#pragma once

#include <cstddef>
#include <functional>
#include <string>

#include "app/report_render/report_chart.hpp"

namespace wattbench::report_render {

// How a chart enters the page: inline SVG for the HTML file, a placeholder the PDF writer swaps
// for a vector drawing.
using ChartEmbed = std::function<std::string(std::size_t index, const ReportChart& chart)>;

// The body of a run's report: the Markdown report's content as HTML (markdown_to_html), a
// verdict banner under the title, the power-versus-load chart in its section and the charts over
// time in a "Time series" section after it. `charts` comes from report_charts(content).
std::string report_body(const core::report::ReportContent& content, const ChartList& charts,
                        const ChartEmbed& embed);
std::string report_title(const core::report::ReportContent& content);

// The body of a comparison: per pair of runs a table of A, B, the difference and its 95 %
// interval, then the overlay of the power-versus-load curves. `names` label the runs.
std::string comparison_body(const core::report::Comparison& comparison,
                            const std::vector<std::string>& names, const ChartList& charts,
                            const ChartEmbed& embed);
std::vector<std::string> comparison_names(const core::report::Comparison& comparison);

// The stylesheet both outputs share (the PDF writer's text engine reads the subset it knows).
std::string report_css();

}  // namespace wattbench::report_render
