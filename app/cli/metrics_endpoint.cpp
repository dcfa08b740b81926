#include "app/cli/metrics_endpoint.hpp"

#include <fmt/format.h>

namespace wattbench::cli {

std::optional<std::unique_ptr<metrics::Exporter>> open_metrics(const std::string& listen,
                                                               std::string run_name, bool phased) {
    if (listen.empty()) {
        return std::unique_ptr<metrics::Exporter>();
    }
    auto e = metrics::Exporter::open(listen, std::move(run_name), phased);
    if (auto* err = std::get_if<std::string>(&e)) {
        fmt::print(stderr, "wattbench: {}\n", *err);
        return std::nullopt;
    }
    auto exporter = std::get<std::unique_ptr<metrics::Exporter>>(std::move(e));
    fmt::print(stderr, "wattbench: metrics at {}\n", exporter->url());
    return exporter;
}

}  // namespace wattbench::cli
