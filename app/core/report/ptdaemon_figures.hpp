#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/core/report/run_data.hpp"
#include "app/core/report/run_phases.hpp"

namespace wattbench::core::report {

// What SPEC's PTDaemon said about one phase's window, beside wattbench's own mean of the same
// device's power: the ptdaemon driver records PTD's `Watts` and `Uncertainty` answers at each
// window's end in its manifest settings (`ptd_<phase>_watts_avg`, …; drivers/ptdaemon/README.md).
struct PtdFigures {
    const PhaseView* phase = nullptr;
    std::string device;               // the ptdaemon device's id
    std::optional<double> watts;      // PTD's mean over the window
    std::optional<double> watts_min;  // and its extremes
    std::optional<double> watts_max;
    std::optional<double> uncertainty;  // PTD's mean uncertainty, in PTD's own unit
    std::optional<std::int64_t> samples;
    std::optional<std::int64_t> errors;
    std::string valid;                                // PTD's validity word ("Valid"), as answered
    std::optional<std::int64_t> uncertainty_invalid;  // samples PTD could not judge valid
    bool restarted = false;  // PTD's measurement restarted inside the window (after a gap)
    std::optional<double> wattbench_mean;  // phases.csv: the device's `power` mean
    // PTD's mean minus wattbench's (W), and that in % of wattbench's; empty without both.
    std::optional<double> difference;
    std::optional<double> difference_percent;
};

// One entry per (ptdaemon device, phase) whose window PTD summarised, in phase order then device
// order; empty when the run had no ptdaemon device (so a report of any other run is unchanged).
std::vector<PtdFigures> ptdaemon_figures(const RunData& run, const std::vector<PhaseView>& phases);

// `ptd_<phase>_`: the phase name in lower case with every other character `_`, as the driver
// writes its keys.
std::string ptd_key_prefix(const std::string& phase);

}  // namespace wattbench::core::report
