#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "app/core/record/catalog.hpp"
#include "app/core/rundir/manifest.hpp"

namespace wattbench::core::postrun {

using TimePoint = std::chrono::system_clock::time_point;

struct PhaseInfo {
    std::string name;
    std::string load;
    std::string status;
    double warmup_s = 0.0;
    std::optional<TimePoint> window_start;
    std::optional<TimePoint> window_end;
    std::vector<std::string> flags;  // the phase's own (load_short, range_change, ...)
};

// What changing a finished run needs from its directory: devices and channels, phase windows
// and the time anchor of elapsed_s, all from manifest.json (docs/run-directory.md).
struct RunInfo {
    std::string dir;
    rundir::Manifest manifest;
    TimePoint started{};  // elapsed_s counts from here
    std::optional<TimePoint> ended;
    record::Catalog catalog;  // devices with their channels (accuracy when recorded) and phases
    std::vector<PhaseInfo> phases;
    // The run's [run] uncertainty_limit (relative); runs recorded before it was kept: 1 %.
    double uncertainty_limit = 0.01;

    std::optional<std::size_t> device_index(const std::string& id) const;
    std::optional<std::size_t> phase_index(const std::string& name) const;
    // The phase and stage the engine had at time `t`, from the windows: inside a window it is
    // that phase's `window`; within a phase's warm-up (warmup_s before its window, not before
    // the previous window's end) `warmup`; otherwise `between`, tagged with the phase whose window
    // last closed (-1 before the first).
    std::pair<std::int32_t, std::string> stage_at(TimePoint t) const;
};

// Errors name the file and what is wrong.
std::variant<RunInfo, std::string> read_run_info(const std::string& dir);

// Text helpers shared by the commands that change a finished run.
std::string read_text_file(const std::string& path);
// Appends lines to events.log in its format (`time LEVEL message`).
void append_events(const std::string& dir,
                   const std::vector<std::pair<TimePoint, std::string>>& lines);

}  // namespace wattbench::core::postrun
