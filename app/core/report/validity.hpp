#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/core/i18n/message.hpp"
#include "app/core/report/run_data.hpp"
#include "app/core/report/run_phases.hpp"
#include "app/core/report/samples_scan.hpp"
#include "app/core/report/severity.hpp"

namespace wattbench::core::report {

// The limits a phase is judged by. Defaults are SPECpower's; a profile's [validity] table
// overrides them and the engine records the values used in manifest.json ("validity" in the
// run entry), so a report judges a run by the rules it was run under.
struct ValidityLimits {
    double max_uncertainty = 0.01;    // relative, of a power channel's window mean
    double max_invalid_power = 0.01;  // share of invalid power readings in a window
    double max_invalid_other = 0.02;  // share of invalid readings of any other channel
    double min_ambient_c = 20.0;      // only checked when `ambient` names a channel
    std::string ambient;              // "bmc/inlet_temp"; empty: no ambient rule
    bool load_short_is_error = true;  // a phase short of its target load is invalid
};

// Reads the limits from manifest.json (the run entry's "validity", then its
// "uncertainty_limit"), falling back on the defaults for runs recorded before they existed.
ValidityLimits validity_limits(const rundir::Manifest& manifest);

// One rule applied to one phase (and, where it is about a channel, to that channel).
struct ValidityCheck {
    std::string rule;     // stable id: "uncertainty", "invalid_power", "invalid_other",
                          // "coverage", "load_short", "warmup_max", "range_change", "gaps",
                          // "ambient", "not_idle", "interrupted", "overrange"
    std::string channel;  // "wattmeter/power"; empty for phase-wide rules
    Severity severity = Severity::ok;
    std::string detail;     // "uncertainty 1.4 % > 1 %"
    i18n::Message message;  // `detail` before it was written in English
};

struct PhaseValidity {
    std::string phase;
    Severity verdict = Severity::ok;    // the worst of its checks
    std::vector<ValidityCheck> checks;  // every rule that was applied, passed or not
    // What the uncertainty rule judged the phase by, the one figure every format shows: the
    // largest relative uncertainty of the channels it checked (+inf when a mean was 0 or
    // missing), and that channel. Empty when it checked none (a machine-off phase, a meter
    // without declared accuracy).
    std::optional<double> uncertainty;
    std::string uncertainty_channel;  // "wattmeter/power"
};

struct RunValidity {
    ValidityLimits limits;
    Severity verdict = Severity::ok;    // the worst phase verdict
    std::vector<PhaseValidity> phases;  // in phase order
    // One line per failed rule, "cpu-4: uncertainty 1.4 % > 1 % (wattmeter/power)", errors first.
    std::vector<std::string> reasons;
};

RunValidity judge_run(const RunData& run, const std::vector<PhaseView>& phases,
                      const SamplesScan& samples);

}  // namespace wattbench::core::report
