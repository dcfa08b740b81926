#pragma once

#include <string>
#include <string_view>

namespace wattbench::core::report {
struct ReportContent;
struct Comparison;
}  // namespace wattbench::core::report

namespace wattbench::cli {

// The formats drawn with Qt (rendered_report_qt.cpp); a capture-only build
// (WATTBENCH_REPORT_QT=OFF, rendered_report_none.cpp) refuses them with a message saying so.
bool rendered_format(std::string_view format);  // html, pdf
// False in a capture-only build: callers refuse --charts before writing anything.
bool rendering_available();

// Writes `format` (html or pdf) to `output` (html: stdout when empty) and, with `charts_dir`,
// every chart as PNG and SVG there. Returns an exit code; errors are printed.
int write_rendered_report(const core::report::ReportContent& content, const std::string& format,
                          const std::string& output, const std::string& charts_dir);
int write_rendered_comparison(const core::report::Comparison& comparison, const std::string& format,
                              const std::string& output, const std::string& charts_dir);

}  // namespace wattbench::cli
