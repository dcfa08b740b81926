#include <fmt/format.h>

#include "app/core/report/report_output.hpp"

// The capture-only build (WATTBENCH_REPORT_QT=OFF): md, csv and json only.
namespace wattbench::core::report {

namespace {

std::optional<OutputError> refuse_rendered(const ReportRequest& request) {
    if (!is_rendered(request.format) && request.charts_dir.empty()) {
        return std::nullopt;
    }
    return OutputError{
        OutputError::Kind::usage,
        fmt::format("{} needs a wattbench built with WATTBENCH_REPORT_QT=ON; this capture-only "
                    "build writes md, csv or json",
                    is_rendered(request.format)
                        ? fmt::format("--format {}", format_name(request.format))
                        : std::string("--charts"))};
}

}  // namespace

bool rendering_available() {
    return false;
}

std::optional<OutputError> write_report(const ReportContent& content,
                                        const ReportRequest& request) {
    if (auto refused = refuse_rendered(request)) {
        return refused;
    }
    return write_text(render_text(content, request.format), request.output);
}

std::optional<OutputError> write_comparison(const Comparison& comparison,
                                            const ReportRequest& request) {
    if (auto refused = refuse_rendered(request)) {
        return refused;
    }
    return write_text(render_comparison_text(comparison, request.format), request.output);
}

}  // namespace wattbench::core::report
