#pragma once

#include <memory>
#include <optional>
#include <string>

#include "app/metrics/exporter.hpp"

namespace wattbench::cli {

// --metrics-listen for `run` and `monitor`: null without it; nullopt after printing why it
// cannot be served (the caller exits with kExitUsage).
std::optional<std::unique_ptr<metrics::Exporter>> open_metrics(const std::string& listen,
                                                               std::string run_name, bool phased);

}  // namespace wattbench::cli
