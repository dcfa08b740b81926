#include <cstdio>

#include <fmt/format.h>

#include "app/cli/commands.hpp"
#include "app/cli/output_text.hpp"
#include "app/cli/rendered_report.hpp"
#include "app/core/report/csv_report.hpp"
#include "app/core/report/json_report.hpp"
#include "app/core/report/markdown_report.hpp"
#include "app/core/report/report_content.hpp"

namespace wattbench::cli {

int report_command(const ReportArgs& args) {
    // One pass over samples.csv feeds every format.
    auto built = core::report::build_report_content(args.run_dir);
    if (auto* err = std::get_if<std::string>(&built)) {
        fmt::print(stderr, "wattbench: {}\n", *err);
        return kExitUsage;
    }
    const auto& content = *std::get<std::unique_ptr<core::report::ReportContent>>(built);

    if (rendered_format(args.format) || (!args.charts.empty() && !rendering_available())) {
        return write_rendered_report(content, args.format, args.output, args.charts);
    }
    std::string text;
    if (args.format == "md") {
        text = core::report::render_markdown(content);
    } else if (args.format == "csv") {
        text = core::report::render_csv(content);
    } else {
        text = core::report::render_json(content);
    }
    const int rc = write_output(text, args.output);
    if (rc != kExitOk || args.charts.empty()) {
        return rc;
    }
    return write_rendered_report(content, "", "", args.charts);
}

}  // namespace wattbench::cli
