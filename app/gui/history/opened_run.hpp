#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "app/core/phases/phase_status.hpp"
#include "app/core/report/run_data.hpp"
#include "app/core/sampling/device_state.hpp"
#include "app/gui/history/live_sample.hpp"
#include "app/gui/history/phase_plan.hpp"
#include "app/gui/history/run_history.hpp"

namespace wattbench::gui::history {

// A run directory as the window shows it, read without Qt: the charts' history, each channel's
// last reading and each device's state for the devices panel, the ladder's phases and where
// each stands, and the report's data for the results table.
struct OpenedRun {
    struct DeviceStatus {
        core::sampling::DeviceState state = core::sampling::DeviceState::ok;
        std::string error;
    };

    core::report::RunData run;
    std::vector<LiveSample> latest;     // one per channel that has a reading
    std::vector<DeviceStatus> devices;  // catalog order
    std::vector<PhasePlan> plan;
    std::vector<PhaseState> states;  // one per plan entry
    // A killed run or one still being recorded: the phase it was (or is) in, if it names one.
    std::optional<std::string> stopped_phase;
    // samples.csv could not be read to its end: the charts show what came before.
    std::optional<std::string> samples_error;
};

// Reads RUN/manifest.json, phases.csv and samples.csv; `history` is reset to the run's catalog
// and filled with its readings. An error (no manifest, a broken phases.csv) names the file.
std::variant<OpenedRun, std::string> open_run_directory(const std::string& dir,
                                                        RunHistory& history);

// How a phase a run directory records shows on the ladder. A killed run's phase that was
// warming up or measuring was cut short; in a run still being recorded it goes on.
PhaseState recorded_state(std::optional<core::phases::PhaseStatus> status, bool flagged,
                          core::report::Liveness liveness);

}  // namespace wattbench::gui::history
