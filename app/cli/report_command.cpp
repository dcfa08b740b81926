#include <cstdio>
#include <fstream>

#include <fmt/format.h>

#include "app/cli/commands.hpp"
#include "app/core/report/csv_report.hpp"
#include "app/core/report/json_report.hpp"
#include "app/core/report/markdown_report.hpp"
#include "app/core/report/run_data.hpp"

namespace wattbench::cli {

int report_command(const ReportArgs& args) {
    auto loaded = core::report::load_run(args.run_dir);
    if (auto* err = std::get_if<std::string>(&loaded)) {
        fmt::print(stderr, "wattbench: {}\n", *err);
        return kExitUsage;
    }
    const auto& run = std::get<core::report::RunData>(loaded);
    std::string text;
    if (args.format == "md") {
        text = core::report::render_markdown(run);
    } else if (args.format == "csv") {
        text = core::report::render_csv(run);
    } else {
        text = core::report::render_json(run);
    }
    if (args.output.empty()) {
        fmt::print("{}", text);
        return kExitOk;
    }
    std::ofstream out(args.output, std::ios::binary | std::ios::trunc);
    out << text;
    out.close();
    if (!out) {
        fmt::print(stderr, "wattbench: cannot write '{}'\n", args.output);
        return kExitRunFailed;
    }
    return kExitOk;
}

}  // namespace wattbench::cli
