#pragma once

#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "app/core/postrun/run_info.hpp"
#include "app/core/stats/channel_summary.hpp"

namespace wattbench::core::postrun {

// The window statistics of a finished run recomputed from its files, as the live engine
// computes them: samples.csv rows tagged `window` of each phase go through the same
// WindowAccumulator (and CounterWindows for energy counters read by a person), and the phase's
// own flags (load_short, ...) are added to every row as the engine adds them.
//
// Each phase's window is the one phases.csv already states (the engine's window markers), or
// the manifest's window_start/window_end for a phase without rows there; phases that never
// opened a window get no rows. Rows come only for `devices` (every device when empty), in
// phase order, then catalog order.
//
// Figures equal the live ones for the mean, min, max, stddev, samples and uncertainty. The
// window length behind `coverage` is taken from millisecond timestamps instead of the
// monotonic clock, so a coverage may differ in the fourth decimal, and power energy is
// integrated over elapsed_s as written (millisecond resolution).
std::variant<std::vector<stats::ChannelSummary>, std::string> recompute_phases(
    const RunInfo& run, const std::set<std::string>& devices = {});

// Replaces phases.csv's rows of `devices` with `rows` (from recompute_phases), phase by phase:
// every other row keeps its exact bytes and place; a phase's new rows follow its existing
// ones. Written to a temporary file and renamed over the old one.
std::optional<std::string> replace_phase_rows(const RunInfo& run,
                                              const std::set<std::string>& devices,
                                              const std::vector<stats::ChannelSummary>& rows);

}  // namespace wattbench::core::postrun
