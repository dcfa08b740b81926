#pragma once

#include <atomic>
#include <cstdio>
#include <mutex>
#include <thread>

#include "app/cli/progress_model.hpp"
#include "app/core/engine/observer.hpp"

namespace wattbench::cli {

// The run's face on the console. On a terminal: a two-line live status (phase, stage, progress
// bar, time left, latest key values) redrawn four times a second, with events scrolling above
// it. Otherwise: one plain, timestamped line per stage change, phase result and warning, fit
// for a log file or CI output.
class ConsoleView final : public core::engine::Observer {
public:
    ConsoleView(const core::profile::Profile& profile, std::FILE* out, bool interactive);
    ~ConsoleView() override;

    void on_started(const core::record::Catalog& catalog) override;
    void on_readings(std::span<const core::record::Sample> samples) override;
    void on_stage(const core::engine::StageChange& change) override;
    void on_device_state(const core::engine::DeviceStateChange& change) override;
    void on_phase_finished(const core::engine::PhaseFinished& result) override;
    void on_event(const core::engine::EngineEvent& event) override;
    void on_finished(const core::engine::RunFinished& result) override;

    // A question for the operator (TerminalPrompter): printed without a line break, and the
    // live status stays hidden until prompt_note() ends it. `after_answer_break` when the
    // answer was not echoed (input from a pipe), so the next line starts on its own.
    void show_prompt(const std::string& question);
    void prompt_note(const std::string& line, bool after_answer_break);

private:
    void print_line(const std::string& line);
    void redraw_locked();
    void clear_status_locked();

    ProgressModel model_;
    std::FILE* out_;
    bool interactive_;
    std::mutex out_mutex_;
    int status_lines_ = 0;
    std::string prompt_;  // the question waiting for an answer; empty: none
    const core::record::Catalog* catalog_ = nullptr;
    std::atomic<bool> stop_{false};
    std::thread redraw_;
};

}  // namespace wattbench::cli
