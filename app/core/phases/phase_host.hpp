#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>

#include "app/core/load/load.hpp"
#include "app/core/phases/phase_status.hpp"
#include "app/core/phases/wait_result.hpp"
#include "drivers/api/device.hpp"

namespace wattbench::core::phases {

enum class LogLevel { info, warn, error };

// What the phase runner asks of the run around it: the waits (on the run's clock, woken by
// skip and abort), the prompts, the stage changes that the recorder and the manifest see, the
// devices' ranging. The runner itself holds no state and does no I/O, so each of its paths
// (declined, skipped, aborted, load ended, load failed to start) is tested with a fake host.
class PhaseHost {
public:
    virtual ~PhaseHost() = default;

    virtual void log(LogLevel level, const std::string& message) = 0;

    // The phase's `prompt`, asked before anything starts; `confirmed` is false when declined.
    virtual WaitResult confirm(std::size_t phase, bool& confirmed) = 0;
    // The warm-up has begun (stage warmup, status warmup), before the load starts.
    virtual void warmup_started(std::size_t phase) = 0;
    virtual WaitResult warm_up(std::size_t phase, const load::Load& load) = 0;
    virtual void request_ranging(drivers::api::RangingStep step, std::size_t phase) = 0;
    // Meters read by a person: one reading each at the window's start (before `first` runs
    // once, after the first answer) and at its end (`first` empty).
    virtual WaitResult ask_user_readers(std::size_t phase, const std::function<void()>& first) = 0;
    virtual void open_window(std::size_t phase) = 0;
    virtual WaitResult wait_window(std::size_t phase, const load::Load& load) = 0;
    // Ends the stage: `keep` closes the window (its rows are written), otherwise whatever was
    // gathered is discarded. Returns once every reading of the stage is queued before the marker.
    virtual void end_stage(std::size_t phase, bool keep) = 0;
    // The load has been stopped: its score, its failure.
    virtual void load_stopped(std::size_t phase) = 0;
    // The phase ended without a window's result (skipped, interrupted, failed).
    virtual void phase_ended(std::size_t phase, PhaseStatus status) = 0;
};

}  // namespace wattbench::core::phases
