#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/core/report/run_liveness.hpp"
#include "app/core/rundir/manifest.hpp"
#include "app/core/stats/channel_summary.hpp"

namespace wattbench::core::report {

// One row of phases.csv: the statistics of one channel over one phase's averaging window.
struct PhaseRow {
    std::string phase;
    std::string load;
    std::string device;
    std::string channel;
    std::string unit;
    std::optional<double> mean;  // empty without a valid reading and for discrete channels
    std::optional<double> min;
    std::optional<double> max;
    std::optional<double> stddev;
    std::uint64_t samples = 0;
    double coverage = 0.0;
    std::string start;
    std::string end;
    // Relative uncertainty of a power channel's mean (0.004 = 0.4 %); NaN when not recorded.
    double uncertainty = std::numeric_limits<double>::quiet_NaN();
    std::string flags;  // ';'-separated ("load_short"); empty in files without the column
    // Sound channels: levels exceeded 10 % and 90 % of the window; empty for other channels.
    std::optional<double> l10;
    std::optional<double> l90;
    // Discrete channels: how often each state was read in the window, most frequent first,
    // counted from samples.csv (phases.csv has no statistics for them); empty otherwise.
    std::vector<std::pair<std::string, std::uint64_t>> states;
};

struct RunData {
    rundir::Manifest info;
    std::vector<PhaseRow> rows;  // in file order, which is the order the windows closed
    std::string dir;
    // Read from the directory by load_run; a run built in memory counts as ended.
    Liveness liveness = Liveness::ended;
};

// Reads RUN/manifest.json and RUN/phases.csv, and for discrete channels the window's states
// from RUN/samples.csv (a missing or cut-off samples.csv only leaves them out). Errors name the
// file and, where there is one, the line: "RUN/phases.csv:7: column 'mean': not a number 'abc'".
// `window_states` false skips samples.csv: build_report_content takes the states from its own
// single pass over the file instead of reading it twice. `liveness` says whether the run is
// still being recorded or was killed (run_liveness).
std::variant<RunData, std::string> load_run(const std::string& run_dir, bool window_states = true);

// A row rundir::parse_phases_csv read, as the report holds it: empty figures for the file's
// empty fields, the discrete states most frequent first.
PhaseRow phase_row_of(const stats::ChannelSummary& summary);

}  // namespace wattbench::core::report
