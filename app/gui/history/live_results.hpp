#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/core/engine/observer.hpp"
#include "app/core/report/run_data.hpp"

namespace wattbench::gui::history {

// The results of a run being recorded, kept up to date from what the engine reports: each
// finished phase's summaries become its phases.csv rows here, so a window's close costs the
// window's rows, not a re-read of the run directory (samples.csv grows by the hour and was
// read whole on the GUI thread for the states of discrete channels).
class LiveResults {
public:
    // The run's directory, whose manifest the engine writes before the run starts. An error
    // names the file; the results stay empty then.
    std::optional<std::string> begin(const std::string& run_dir);

    // A phase ended. Its rows carry the numbers phases.csv holds (the summaries written and read
    // back as the recorder writes them), the states of discrete channels as counted in the
    // window, and its status. The manifest is read again for what it learnt meanwhile (window
    // times, a command phase's score); its status for this phase is the event's, which the
    // manifest may not have yet.
    std::optional<std::string> add_phase(const core::engine::PhaseFinished& finished);

    // The run ended: the final manifest (the run's status and end), read once.
    std::optional<std::string> finish();

    bool started() const { return started_; }
    const core::report::RunData& run() const { return run_; }

    // Summaries as the report reads them from phases.csv, states included.
    static std::vector<core::report::PhaseRow> rows_of(
        const std::vector<core::stats::ChannelSummary>& summaries);

private:
    std::optional<std::string> read_manifest();

    core::report::RunData run_;
    // What the events said of each phase, kept over re-reads of the manifest.
    std::vector<std::pair<std::string, core::phases::PhaseStatus>> statuses_;
    bool started_ = false;
};

}  // namespace wattbench::gui::history
