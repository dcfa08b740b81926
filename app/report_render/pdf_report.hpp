#pragma once

#include <optional>
#include <string>

#include "app/report_render/report_chart.hpp"

namespace wattbench::report_render {

// The HTML report's content as an A4 PDF at `path`: text and tables laid out by Qt's text
// engine, charts as vector drawings, page numbers at the foot. Returns an error naming the file
// when it cannot be written.
std::optional<std::string> render_pdf(const core::report::ReportContent& content,
                                      const std::string& path);
std::optional<std::string> render_comparison_pdf(const core::report::Comparison& comparison,
                                                 const std::string& path);
// The same with charts already built, as for render_html.
std::optional<std::string> render_pdf(const core::report::ReportContent& content,
                                      const ChartList& charts, const std::string& path);
std::optional<std::string> render_comparison_pdf(const core::report::Comparison& comparison,
                                                 const ChartList& charts, const std::string& path);

}  // namespace wattbench::report_render
