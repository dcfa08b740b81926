#include "app/core/report/report_output.hpp"

#include <fmt/format.h>

#include "app/report_render/chart_output.hpp"
#include "app/report_render/html_report.hpp"
#include "app/report_render/pdf_report.hpp"
#include "app/report_render/qt_application.hpp"
#include "app/report_render/report_document.hpp"

// The build with Qt: html and pdf drawn here, the text formats by wb_core_report, and the charts
// laid out once for both the page and --charts.
namespace wattbench::core::report {

namespace {

using report_render::ChartList;

// `charts()` lays the charts out (for the page and for --charts alike), only when they are
// drawn; html(charts) and pdf(charts, path) render the page.
template <typename Charts, typename Text, typename Html, typename Pdf>
std::optional<OutputError> write_with_charts(const ReportRequest& request, Charts make_charts,
                                             Text text, Html html, Pdf pdf) {
    ChartList charts;
    if (is_rendered(request.format) || !request.charts_dir.empty()) {
        report_render::ensure_qt_application();
        charts = make_charts();
    }
    if (request.format == ReportFormat::pdf) {
        if (request.output.empty()) {
            return OutputError{OutputError::Kind::usage, "--format pdf needs -o FILE"};
        }
        if (auto err = pdf(charts, request.output)) {
            return OutputError{OutputError::Kind::failed, std::move(*err)};
        }
    } else if (auto err = write_text(request.format == ReportFormat::html ? html(charts) : text(),
                                     request.output)) {
        return err;
    }
    if (request.charts_dir.empty()) {
        return std::nullopt;
    }
    const auto written = report_render::export_charts(charts, request.charts_dir, {});
    if (const auto* err = std::get_if<std::string>(&written)) {
        return OutputError{OutputError::Kind::failed, *err};
    }
    return std::nullopt;
}

}  // namespace

bool rendering_available() {
    return true;
}

std::optional<OutputError> write_report(const ReportContent& content,
                                        const ReportRequest& request) {
    return write_with_charts(
        request, [&] { return report_render::report_charts(content); },
        [&] { return render_text(content, request.format); },
        [&](const ChartList& charts) { return report_render::render_html(content, charts); },
        [&](const ChartList& charts, const std::string& path) {
            return report_render::render_pdf(content, charts, path);
        });
}

std::optional<OutputError> write_comparison(const Comparison& comparison,
                                            const ReportRequest& request) {
    return write_with_charts(
        request,
        [&] {
            return report_render::comparison_charts(comparison,
                                                    report_render::comparison_names(comparison));
        },
        [&] { return render_comparison_text(comparison, request.format); },
        [&](const ChartList& charts) {
            return report_render::render_comparison_html(comparison, charts);
        },
        [&](const ChartList& charts, const std::string& path) {
            return report_render::render_comparison_pdf(comparison, charts, path);
        });
}

}  // namespace wattbench::core::report
