#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "app/core/stats/channel_summary.hpp"

namespace wattbench::core::postrun {

struct Annotation {
    std::string run_dir;
    std::string phase;
    std::string device;
    enum class Kind { energy_kwh, power_w } kind = Kind::energy_kwh;
    double start = 0.0;
    double end = 0.0;
    // When the readings were taken; default: the phase's window start and end.
    std::optional<std::chrono::system_clock::time_point> start_time;
    std::optional<std::chrono::system_clock::time_point> end_time;
    std::optional<double> accuracy_percent;  // a new device's stated accuracy
};

// `wattbench annotate`: adds two readings of a meter read by a person (driver `manual`) to a
// finished run: both go into samples.csv (merged by time, tagged with the phase's window),
// events.log says what was entered and when, and the device's phases.csv rows are recomputed
// (energy: ΔE/Δt as the live engine derives it). A device the run does not have yet is added to
// manifest.json as a manual meter; a device of another driver is refused.
std::variant<std::vector<stats::ChannelSummary>, std::string> annotate(const Annotation& a);

}  // namespace wattbench::core::postrun
