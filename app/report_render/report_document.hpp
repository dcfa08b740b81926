#pragma once

#include <cstddef>
#include <functional>
#include <string>

#include "app/report_render/report_chart.hpp"

namespace wattbench::report_render {

// How a chart enters the page: inline SVG for the HTML file, a placeholder the PDF writer swaps
// for a vector drawing.
using ChartEmbed = std::function<std::string(std::size_t index, const ReportChart& chart)>;

// The body of a run's report, section by section (report_sections): headings and anchors from
// the section's id, its body's blocks as HTML (document_html), a verdict banner under the
// title, the power-versus-load chart at the end of its section and the charts over time in a
// "Time series" section after it. Charts and page breaks go by section id, never by heading
// text. `charts` comes from report_charts(content).
std::string report_body(const core::report::ReportContent& content, const ChartList& charts,
                        const ChartEmbed& embed);
std::string report_title(const core::report::ReportContent& content);

// The body of a comparison: the comparison's blocks as HTML with the overlay of
// every run's power-versus-load curve (comparison_charts) opening its section.
std::string comparison_body(const core::report::Comparison& comparison, const ChartList& charts,
                            const ChartEmbed& embed);
// The runs' names in the comparison's order (manifest run.name, else the directory's).
std::vector<std::string> comparison_names(const core::report::Comparison& comparison);
// "A vs B vs C": the page title of a comparison.
std::string comparison_title(const core::report::Comparison& comparison);

// The stylesheet both outputs share (the PDF writer's text engine reads the subset it knows).
std::string report_css();

}  // namespace wattbench::report_render
