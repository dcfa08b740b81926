#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/core/report/run_data.hpp"

namespace wattbench::core::report {

// One phase as the reports see it: the manifest's plan and status joined with its phases.csv
// rows. Points into the RunData it was made from.
struct PhaseView {
    std::string name;
    std::string load;
    // "done", "interrupted", ...; empty when the manifest does not list it. In a killed run a
    // phase the manifest left in warmup or window is "interrupted".
    std::string status;
    std::optional<double> workers;
    std::string window_start;  // the manifest's, else the first row's
    std::string window_end;
    std::vector<const PhaseRow*> rows;  // phases.csv order

    bool finished() const { return status == "done" || status.empty(); }
    // "cpu-3" or "cpu-3 (interrupted)": a column header must not pass off a partial window as a
    // finished one.
    std::string title() const;
};

// The manifest's phases in its order, then any phase that has rows but is missing from the
// manifest, in the order its rows appear.
std::vector<PhaseView> run_phases(const RunData& run);

}  // namespace wattbench::core::report
