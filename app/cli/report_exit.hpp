#pragma once

#include <optional>

#include "app/core/report/report_output.hpp"

namespace wattbench::cli {

// The exit code of a report's writing (write_report, write_comparison), the error printed:
// kExitUsage for a request the build cannot meet, kExitRunFailed for a file not written.
int report_exit(const std::optional<core::report::OutputError>& error);

}  // namespace wattbench::cli
