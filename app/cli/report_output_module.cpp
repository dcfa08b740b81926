#include <filesystem>
#include <system_error>

#include "app/cli/render_module.hpp"
#include "app/core/report/comparison.hpp"
#include "app/core/report/report_content.hpp"
#include "app/core/report/report_output.hpp"

// The CLI's write_report: md, csv and json written here; html, pdf and charts by the Qt renderer
// in libwattbench-render.so, opened only then, so that `wattbench` links no Qt.
namespace wattbench::core::report {

namespace {

bool needs_renderer(const ReportRequest& request) {
    return is_rendered(request.format) || !request.charts_dir.empty();
}

}  // namespace

bool rendering_available() {
    std::error_code ec;
    return std::filesystem::exists(cli::RenderModule::path(), ec);
}

std::optional<OutputError> write_report(const ReportContent& content,
                                        const ReportRequest& request) {
    if (needs_renderer(request)) {
        return cli::RenderModule::render(WATTBENCH_RENDER_REPORT, &content, sizeof(content),
                                         request);
    }
    return write_text(render_text(content, request.format), request.output);
}

std::optional<OutputError> write_comparison(const Comparison& comparison,
                                            const ReportRequest& request) {
    if (needs_renderer(request)) {
        return cli::RenderModule::render(WATTBENCH_RENDER_COMPARISON, &comparison,
                                         sizeof(comparison), request);
    }
    return write_text(render_comparison_text(comparison, request.format), request.output);
}

}  // namespace wattbench::core::report
