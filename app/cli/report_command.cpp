#include <cstdio>

#include <fmt/format.h>

#include "app/cli/commands.hpp"
#include "app/cli/report_exit.hpp"
#include "app/cli/report_language.hpp"
#include "app/core/report/report_content.hpp"
#include "app/core/report/report_output.hpp"

namespace wattbench::cli {

int report_command(const ReportArgs& args) {
    namespace report = core::report;
    const auto format = report::report_format(args.format);
    if (!format) {
        fmt::print(stderr, "wattbench: unknown report format '{}'\n", args.format);
        return kExitUsage;
    }
    const auto language = report_language(args.lang);
    if (!language) {
        return kExitUsage;
    }
    const report::ReportRequest request{*format, args.output, args.charts};
    // One pass over samples.csv feeds every format.
    auto built = report::build_report_content(args.run_dir);
    if (auto* err = std::get_if<std::string>(&built)) {
        fmt::print(stderr, "wattbench: {}\n", *err);
        return kExitUsage;
    }
    auto& content = *std::get<std::unique_ptr<report::ReportContent>>(built);
    content.language = *language;
    return report_exit(report::write_report(content, request));
}

}  // namespace wattbench::cli
