#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace wattbench::core::report {

struct ReportContent;
struct Comparison;

// Every spelling of a report. md, csv and json are written by wb_core_report; html and pdf
// (and the charts) are drawn with Qt by wb_report_render.
enum class ReportFormat { md, csv, json, html, pdf };

// "md" → md; nothing for a name that is not a format.
std::optional<ReportFormat> report_format(std::string_view name);
std::string_view format_name(ReportFormat format);
// html and pdf: the formats only a build with Qt (WATTBENCH_REPORT_QT=ON) can write.
bool is_rendered(ReportFormat format);

// What to write where: `output` empty writes to stdout (not for pdf); `charts_dir` non-empty
// also writes every chart there as PNG and SVG.
struct ReportRequest {
    ReportFormat format = ReportFormat::md;
    std::string output;
    std::string charts_dir;
};

// Why nothing (or not everything) was written. `usage`: the request cannot be met (pdf to
// stdout, html in a capture-only build); `failed`: a file could not be written.
struct OutputError {
    enum class Kind { usage, failed };
    Kind kind = Kind::failed;
    std::string message;  // "cannot create r.md: No such file or directory"
};

// True when this build can write html, pdf and charts (wb_report_render is linked in; the
// capture-only build links report_output_none.cpp instead).
bool rendering_available();

// Renders `content` as the request's format and writes it, then the charts: the one path
// `wattbench report`, `wattbench compare` and the GUI's export share. A capture-only build
// refuses html, pdf and charts before writing anything.
std::optional<OutputError> write_report(const ReportContent& content, const ReportRequest& request);
std::optional<OutputError> write_comparison(const Comparison& comparison,
                                            const ReportRequest& request);

// The text formats alone (md, csv, json; empty for html and pdf), for callers that show the
// text instead of writing it.
std::string render_text(const ReportContent& content, ReportFormat format);
std::string render_comparison_text(const Comparison& comparison, ReportFormat format);

// Writes `text` to `path` (stdout when empty) through record::OutputFile.
std::optional<OutputError> write_text(const std::string& text, const std::string& path);

}  // namespace wattbench::core::report
