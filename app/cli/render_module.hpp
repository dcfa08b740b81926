#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/core/report/report_output.hpp"
#include "app/report_render/render_abi.hpp"

namespace wattbench::cli {

// libwattbench-render.so, opened on the first html, pdf or --charts request and kept open (Qt
// does not unload cleanly). The places it is looked for, in order: $WATTBENCH_RENDER_MODULE
// (tests point it at a missing file), this build tree's module when the running program is
// inside that tree, and the installed one under the package's libdir.
class RenderModule {
public:
    static std::vector<std::string> candidates();
    // The first candidate that exists; for the environment override, the override itself.
    static std::string path();

    // Hands the subject to the module's entry point; a module that cannot be opened is a usage
    // error naming the path and the package to install.
    static std::optional<core::report::OutputError> render(
        wattbench_render_subject kind, const void* subject, std::size_t subject_size,
        const core::report::ReportRequest& request);
};

}  // namespace wattbench::cli
