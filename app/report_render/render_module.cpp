#include <string>
#include <utility>

#include <fmt/format.h>

#include "app/core/report/comparison.hpp"
#include "app/core/report/report_content.hpp"
#include "app/core/report/report_output.hpp"
#include "app/core/version.hpp"
#include "app/report_render/render_abi.hpp"

// libwattbench-render.so: the C entry point over wb_report_render's write_report, the same
// renderer the GUI links directly.
namespace {

using wattbench::core::report::OutputError;

thread_local std::string last_error;

const char* refused(std::string message, int* usage) {
    last_error = std::move(message);
    *usage = 1;
    return last_error.c_str();
}

std::size_t expected_size(int kind) {
    return kind == WATTBENCH_RENDER_REPORT ? sizeof(wattbench::core::report::ReportContent)
                                           : sizeof(wattbench::core::report::Comparison);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const char* wattbench_render(
    const wattbench_render_request* request, int* usage) {
    namespace report = wattbench::core::report;
    const std::string version = request->version != nullptr ? request->version : "";
    if (request->abi != kWattbenchRenderAbi || version != wattbench::core::kVersion ||
        (request->subject_kind != WATTBENCH_RENDER_REPORT &&
         request->subject_kind != WATTBENCH_RENDER_COMPARISON) ||
        request->subject_size != expected_size(request->subject_kind)) {
        return refused(
            fmt::format("the report renderer is wattbench {} (interface {}), this "
                        "wattbench is {} (interface {}); install the same versions",
                        wattbench::core::kVersion, kWattbenchRenderAbi, version, request->abi),
            usage);
    }
    const report::ReportRequest options{static_cast<report::ReportFormat>(request->format),
                                        request->output, request->charts_dir};
    const auto error =
        request->subject_kind == WATTBENCH_RENDER_REPORT
            ? report::write_report(*static_cast<const report::ReportContent*>(request->subject),
                                   options)
            : report::write_comparison(*static_cast<const report::Comparison*>(request->subject),
                                       options);
    if (!error) {
        return nullptr;
    }
    last_error = error->message;
    *usage = error->kind == OutputError::Kind::usage ? 1 : 0;
    return last_error.c_str();
}
