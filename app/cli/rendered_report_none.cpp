#include <cstdio>

#include <fmt/format.h>

#include "app/cli/commands.hpp"
#include "app/cli/rendered_report.hpp"

namespace wattbench::cli {

namespace {

int refuse(const std::string& format, const std::string& charts_dir) {
    fmt::print(stderr,
               "wattbench: {} needs a wattbench built with WATTBENCH_REPORT_QT=ON; this "
               "capture-only build writes md, csv or json\n",
               charts_dir.empty() || rendered_format(format) ? "--format " + format
                                                             : std::string("--charts"));
    return kExitUsage;
}

}  // namespace

bool rendered_format(std::string_view format) {
    return format == "html" || format == "pdf";
}

bool rendering_available() {
    return false;
}

int write_rendered_report(const core::report::ReportContent&, const std::string& format,
                          const std::string&, const std::string& charts_dir) {
    return refuse(format, charts_dir);
}

int write_rendered_comparison(const core::report::Comparison&, const std::string& format,
                              const std::string&, const std::string& charts_dir) {
    return refuse(format, charts_dir);
}

}  // namespace wattbench::cli
