#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/core/report/run_data.hpp"
#include "app/core/report/run_phases.hpp"

namespace wattbench::core::report {

// The wall power a score is divided by: the first device in the manifest's order with a
// channel named `power` in W (the wattmeter channel name) that is not a BMC; a BMC's `power`
// (Redfish) only when no meter measured the wall. `dcmi_power` or RAPL are never used.
struct WallPower {
    std::string device;
    std::string channel;
};
std::optional<WallPower> wall_power_channel(const RunData& run);

// A command phase's own throughput (its `score` regex) and what it is worth per watt: the
// SPECpower idea for any workload.
struct PhasePerformance {
    const PhaseView* phase = nullptr;
    double score = 0.0;
    std::string unit;                      // "req/s"
    std::optional<double> power_w;         // the phase's window mean of the wall power
    std::optional<double> score_per_watt;  // score / power_w, in `unit` per W
};

// One entry per phase whose manifest entry has a score, in phase order.
std::vector<PhasePerformance> phase_performance(const RunData& run,
                                                const std::vector<PhaseView>& phases);

}  // namespace wattbench::core::report
