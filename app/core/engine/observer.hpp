#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "app/core/phases/phase_status.hpp"
#include "app/core/phases/stage.hpp"
#include "app/core/record/catalog.hpp"
#include "app/core/record/sample.hpp"
#include "app/core/sampling/device_state.hpp"
#include "app/core/sampling/sampler_listener.hpp"
#include "app/core/stats/channel_summary.hpp"

namespace wattbench::core::engine {

using PhaseStatus = phases::PhaseStatus;
using phases::to_string;

enum class RunStatus { running, completed, interrupted, failed };
std::string_view to_string(RunStatus s);

struct StageChange {
    std::int32_t phase = -1;  // -1 before the first and after the last phase
    std::string phase_name;
    phases::Stage stage = phases::Stage::between;
    std::chrono::steady_clock::time_point since;
    std::chrono::nanoseconds planned{0};  // how long this stage is meant to last; 0 if open-ended
    // A warm-up until stable: the longest it may last (`planned` is then its minimum); else 0.
    std::chrono::nanoseconds planned_max{0};
};

struct DeviceStateChange {
    std::uint32_t device = 0;
    std::string device_id;
    sampling::DeviceState state = sampling::DeviceState::connecting;
    std::string detail;
};

struct PhaseFinished {
    std::int32_t phase = -1;
    std::string name;
    PhaseStatus status = PhaseStatus::done;
    std::vector<stats::ChannelSummary> summaries;  // empty unless status is done
};

struct EngineEvent {
    std::chrono::system_clock::time_point utc;
    sampling::EventLevel level = sampling::EventLevel::info;
    std::string message;
};

struct RunFinished {
    RunStatus status = RunStatus::completed;
    std::string message;  // "run failed: runs/x/samples.csv: No space left on device"
    std::string out_dir;
    int signal = 0;       // the signal that interrupted the run, if any
    std::string failure;  // why the run failed when no phase did; empty otherwise
};

// A question for the operator. The runner waits for Engine::answer_prompt(id, …) while the
// samplers go on recording; abort and skip_phase still end the wait. Phase prompts (the phase
// key `prompt`, device_id empty) are confirmations asked before the warm-up; devices whose
// readings come from a person (driver `manual`) ask for a number at window start and end.
struct PromptRequest {
    enum class Kind { confirm, number };
    std::uint64_t id = 0;
    std::int32_t phase = -1;
    std::string phase_name;
    std::string device_id;  // empty for a phase prompt
    Kind kind = Kind::confirm;
    std::string unit;  // number prompts: the unit the answer is in ("kWh", "W")
    std::string question;
    std::optional<double> default_value;  // what an empty answer means; nullopt: none
};
std::string_view to_string(PromptRequest::Kind k);

// Everything a view of a run needs. Callbacks arrive on engine threads (the recorder for
// readings and results, the runner for stages, samplers for device states) and must return
// quickly; a GUI copies what it needs under a short lock and redraws on its own timer.
class Observer {
public:
    virtual ~Observer() = default;
    virtual void on_started(const record::Catalog& /*catalog*/) {}
    // A device that was down when the run started has come back and named its channels (an
    // IPMI BMC learns them on open): the whole catalog as it is now, on the recorder thread,
    // before any reading of the new channels.
    virtual void on_catalog_changed(const record::Catalog& /*catalog*/) {}
    virtual void on_readings(std::span<const record::Sample> /*samples*/) {}
    virtual void on_stage(const StageChange& /*change*/) {}
    virtual void on_device_state(const DeviceStateChange& /*change*/) {}
    virtual void on_phase_finished(const PhaseFinished& /*result*/) {}
    virtual void on_event(const EngineEvent& /*event*/) {}
    virtual void on_finished(const RunFinished& /*result*/) {}
    // On the runner thread: hand the question to another thread and return; answer it with
    // Engine::answer_prompt from there.
    virtual void on_prompt(const PromptRequest& /*request*/) {}
    // The prompt no longer waits for an answer (the phase was skipped or the run aborted).
    virtual void on_prompt_withdrawn(std::uint64_t /*id*/) {}
};

}  // namespace wattbench::core::engine
