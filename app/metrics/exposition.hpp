#pragma once

#include <string>
#include <string_view>

#include "app/metrics/family_registry.hpp"
#include "app/metrics/snapshot.hpp"

namespace wattbench::metrics {

enum class Format {
    openmetrics,  // OpenMetrics 1.0.0: what Prometheus asks for
    text,         // Prometheus text 0.0.4: older scrapers and `promtool check metrics`
};

inline constexpr std::string_view kOpenMetricsContentType =
    "application/openmetrics-text; version=1.0.0; charset=utf-8";
inline constexpr std::string_view kTextContentType = "text/plain; version=0.0.4; charset=utf-8";

// The exposition of one snapshot: pure, so it is tested byte for byte. No timestamps: the
// scrape's own time lets Prometheus mark a series stale as soon as its phase or stage label
// changes. Channels whose latest reading is not ok have no sample (wattbench_readings_total
// counts them).
std::string render(const Snapshot& snapshot, Format format,
                   const FamilyRegistry& registry = FamilyRegistry::standard());

// Which format an Accept header asks for (Prometheus names application/openmetrics-text first).
Format negotiate(std::string_view accept);

}  // namespace wattbench::metrics
