#pragma once

#include <string>
#include <variant>
#include <vector>

#include <QImage>

#include "app/report_render/report_chart.hpp"

namespace wattbench::report_render {

// The chart as an SVG document (vector: Qt Charts' lines become paths). `id_prefix` goes in
// front of every id the document defines and refers to, so several charts inlined in one HTML
// page do not share clip paths or gradients.
std::string chart_svg(const ReportChart& chart, const std::string& id_prefix = "");

// Each font-family of an SVG followed by common sans-serif fonts, so a browser or editor without
// the chart's font does not fall back on a serif one. Not for QSvgRenderer (the PDF), which takes
// the list for one family name.
std::string with_fallback_fonts(const std::string& svg);

// The chart as an image, `scale` times its natural size (2 for HiDPI screens and print).
QImage chart_image(const ReportChart& chart, double scale = 2.0);

struct ExportFormats {
    bool png = true;
    bool svg = true;
};

// Writes DIR/<key>.png and/or DIR/<key>.svg per chart (creating DIR), one file per chart for an
// article. Returns the files written, or an error naming the file that could not be written.
std::variant<std::vector<std::string>, std::string> export_charts(const ChartList& charts,
                                                                  const std::string& dir,
                                                                  const ExportFormats& formats);
std::variant<std::vector<std::string>, std::string> export_charts(
    const core::report::ReportContent& content, const std::string& dir,
    const ExportFormats& formats = {});

}  // namespace wattbench::report_render
