#include <cstdio>

#include <fmt/format.h>

#include "app/cli/commands.hpp"
#include "app/cli/output_text.hpp"
#include "app/cli/rendered_report.hpp"
#include "app/report_render/chart_output.hpp"
#include "app/report_render/html_report.hpp"
#include "app/report_render/pdf_report.hpp"
#include "app/report_render/qt_application.hpp"
#include "app/report_render/report_document.hpp"

namespace wattbench::cli {

namespace {

int report_charts_to(const report_render::ChartList& charts, const std::string& dir) {
    const auto written = report_render::export_charts(charts, dir, {});
    if (const auto* err = std::get_if<std::string>(&written)) {
        fmt::print(stderr, "wattbench: {}\n", *err);
        return kExitRunFailed;
    }
    return kExitOk;
}

template <typename Html, typename Pdf>
int write(const std::string& format, const std::string& output, Html html, Pdf pdf) {
    if (format == "html") {
        return write_output(html(), output);
    }
    if (format == "pdf") {
        if (output.empty()) {
            fmt::print(stderr, "wattbench: --format pdf needs -o FILE\n");
            return kExitUsage;
        }
        if (const auto err = pdf(output)) {
            fmt::print(stderr, "wattbench: {}\n", *err);
            return kExitRunFailed;
        }
    }
    return kExitOk;
}

}  // namespace

bool rendered_format(std::string_view format) {
    return format == "html" || format == "pdf";
}

bool rendering_available() {
    return true;
}

int write_rendered_report(const core::report::ReportContent& content, const std::string& format,
                          const std::string& output, const std::string& charts_dir) {
    report_render::ensure_qt_application();
    const auto charts = report_render::report_charts(content);
    const int rc = write(
        format, output, [&] { return report_render::render_html(content, charts); },
        [&](const std::string& path) { return report_render::render_pdf(content, charts, path); });
    if (rc != kExitOk || charts_dir.empty()) {
        return rc;
    }
    return report_charts_to(charts, charts_dir);
}

int write_rendered_comparison(const core::report::Comparison& comparison, const std::string& format,
                              const std::string& output, const std::string& charts_dir) {
    report_render::ensure_qt_application();
    const auto charts =
        report_render::comparison_charts(comparison, report_render::comparison_names(comparison));
    const int rc = write(
        format, output, [&] { return report_render::render_comparison_html(comparison, charts); },
        [&](const std::string& path) {
            return report_render::render_comparison_pdf(comparison, charts, path);
        });
    if (rc != kExitOk || charts_dir.empty()) {
        return rc;
    }
    return report_charts_to(charts, charts_dir);
}

}  // namespace wattbench::cli
