// The engine's life cycle and its run loop: start, the controls callable from any thread, the
// runner thread that steps through the phases and what happens when it ends or the run fails.
// Preparing is engine_prepare.cpp, a phase's stages engine_stages.cpp, what samplers and the
// recorder report engine_records.cpp, the warm-up engine_warmup.cpp.

#include "app/core/engine/engine.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "app/core/phases/phase_runner.hpp"
#include "app/core/record/event_log.hpp"
#include "app/core/record/recorder.hpp"
#include "app/core/sampling/guarded.hpp"

namespace wattbench::core::engine {

using phases::Stage;
using sampling::EventLevel;

namespace {

record::EventLog::Level to_record_level(EventLevel l) {
    switch (l) {
        case EventLevel::info:
            return record::EventLog::Level::info;
        case EventLevel::warn:
            return record::EventLog::Level::warn;
        case EventLevel::error:
            return record::EventLog::Level::error;
    }
    return record::EventLog::Level::info;
}

EventLevel to_event_level(phases::LogLevel l) {
    switch (l) {
        case phases::LogLevel::info:
            return EventLevel::info;
        case phases::LogLevel::warn:
            return EventLevel::warn;
        case phases::LogLevel::error:
            return EventLevel::error;
    }
    return EventLevel::info;
}

}  // namespace

Engine::Engine(const drivers::api::Registry& registry, const sampling::Clock& clock)
    : registry_(registry), clock_(clock) {
    PromptBroker::Hooks hooks;
    hooks.log = [this](EventLevel level, const std::string& m) { log(level, m); };
    hooks.asked = [this](const PromptRequest& r) {
        for (auto* o : observers_) {
            o->on_prompt(r);
        }
    };
    hooks.withdrawn = [this](std::uint64_t id) {
        for (auto* o : observers_) {
            o->on_prompt_withdrawn(id);
        }
    };
    hooks.aborted = [this] { return abort_signal_.load() >= 0; };
    hooks.take_skip = [this] { return want_skip_phase_.exchange(false); };
    prompts_ = std::make_unique<PromptBroker>(control_, std::move(hooks));
}

Engine::~Engine() {
    if (started_) {
        abort();
        wait();
    }
    for (auto& slot : slots_) {
        if (slot.device && slot.opened) {
            slot.device->close();
        }
    }
}

void Engine::add_observer(Observer* observer) {
    observers_.push_back(observer);
}

void Engine::start() {
    if (!prepared_ || started_) {
        return;
    }
    started_ = true;
    anchor_.mono = clock_.now();
    anchor_.utc = std::chrono::system_clock::now();
    {
        std::lock_guard lock(state_mutex_);
        started_utc_ = anchor_.utc;
    }
    for (auto* o : observers_) {
        o->on_started(catalog_);
    }
    for (std::uint32_t i = 0; i < slots_.size(); ++i) {
        sampling::SamplerConfig cfg;
        cfg.device_index = i;
        cfg.device_id = catalog_.devices[i].device_id;
        cfg.interval = catalog_.devices[i].interval;
        cfg.anchor = anchor_;
        cfg.opened = slots_[i].opened;
        if (std::find(user_read_slots_.begin(), user_read_slots_.end(), i) !=
            user_read_slots_.end()) {
            on_device_state(i, slots_[i].state, slots_[i].error);
            continue;
        }
        samplers_.push_back(std::make_unique<sampling::Sampler>(
            cfg, std::move(slots_[i].device), clock_, queue_, board_,
            static_cast<sampling::SamplerListener&>(*this)));
        on_device_state(i, slots_[i].state, slots_[i].error);
    }
    log(EventLevel::info,
        fmt::format("run '{}' started: {} device(s), {} phase(s), output in {}", profile_.run.name,
                    slots_.size(), profile_.phases.size(), out_dir_));
    recorder_thread_ = std::thread([this] {
        sampling::run_guarded([this] { recorder_->run(); },
                              [this](const std::string& what) {
                                  fail_run("the recorder stopped: " + what);
                                  // Nobody drains the queue any more: let the samplers go.
                                  queue_.close();
                              });
    });
    for (auto& s : samplers_) {
        s->start();
    }
    runner_ = std::thread([this] { run_thread(); });
}

void Engine::skip_warmup() {
    want_skip_warmup_.store(true);
    control_.poke();
}

void Engine::skip_phase() {
    want_skip_phase_.store(true);
    control_.poke();
}

void Engine::abort(int signal) {
    int expected = -1;
    abort_signal_.compare_exchange_strong(expected, signal);
    control_.request();
}

void Engine::answer_prompt(std::uint64_t id, std::optional<double> value) {
    prompts_->answer(id, value);
}

RunFinished Engine::wait() {
    if (!started_) {
        return finished_;
    }
    if (runner_.joinable()) {
        runner_.join();
    }
    return finished_;
}

void Engine::log(EventLevel level, const std::string& message) {
    const auto now = std::chrono::system_clock::now();
    std::optional<record::IoError> lost;
    if (events_) {
        events_->write(now, to_record_level(level), message);
        lost = events_->failure();
    }
    EngineEvent e{now, level, message};
    for (auto* o : observers_) {
        o->on_event(e);
    }
    if (lost) {
        fail_run(lost->message());
    }
}

void Engine::log(phases::LogLevel level, const std::string& message) {
    log(to_event_level(level), message);
}

void Engine::run_thread() {
    sampling::run_guarded(
        [this] {
            set_stage(-1, Stage::between, {});
            phases::PhaseRunner runner(static_cast<phases::PhaseHost&>(*this));
            for (std::size_t i = 0; i < profile_.phases.size(); ++i) {
                auto& load = *loads_[i];
                load.set_wake([this] { control_.poke(); });
                want_skip_warmup_.store(false);
                want_skip_phase_.store(false);
                if (!runner.run(i, profile_.phases[i], load)) {
                    break;
                }
            }
            set_stage(-1, Stage::between, {});
        },
        [this](const std::string& what) {
            fail_run("the phase runner stopped: " + what);
            // The phase it was in did not end its load: no load outlives the run.
            for (auto& l : loads_) {
                l->stop();
            }
        });
    if (idle_scan_.joinable()) {
        idle_scan_.join();
    }

    for (auto& s : samplers_) {
        s->request_stop();
    }
    for (auto& s : samplers_) {
        s->join();
    }
    queue_.close();
    if (recorder_thread_.joinable()) {
        recorder_thread_.join();
    }
    samplers_.clear();  // closes the devices

    const int sig = abort_signal_.load();
    RunFinished f;
    f.out_dir = out_dir_;
    f.signal = sig > 0 ? sig : 0;
    {
        std::lock_guard lock(state_mutex_);
        ended_utc_ = std::chrono::system_clock::now();
        const bool any_failed =
            std::any_of(phase_records_.begin(), phase_records_.end(),
                        [](const PhaseRecord& r) { return r.status == PhaseStatus::failed; });
        run_status_ = !failure_.empty() ? RunStatus::failed
                      : sig >= 0        ? RunStatus::interrupted
                                        : (any_failed ? RunStatus::failed : RunStatus::completed);
        f.status = run_status_;
        f.failure = failure_;
    }
    if (const auto late = recorder_->late_readings(); late > 0) {
        log(EventLevel::warn, fmt::format("{} reading(s) arrived after their window closed and "
                                          "were excluded from its statistics",
                                          late));
    }
    f.message = fmt::format("run {}", to_string(f.status));
    if (!f.failure.empty()) {
        f.message += ": " + f.failure;
    }
    log(f.status == RunStatus::completed ? EventLevel::info
        : f.failure.empty()              ? EventLevel::warn
                                         : EventLevel::error,
        f.signal ? fmt::format("{} by signal {}", f.message, f.signal) : f.message);
    // The reserve goes first: on a full disk its space is what the last manifest is written in.
    release_reserve();
    write_manifest();
    {
        std::lock_guard lock(state_mutex_);
        if (f.failure.empty() && !failure_.empty()) {
            // Only the last manifest could not be written: the run's files are complete but
            // manifest.json still shows the previous stage.
            f.status = RunStatus::failed;
            f.failure = failure_;
            f.message = fmt::format("run failed: {}", failure_);
        }
    }
    finished_ = f;
    for (auto* o : observers_) {
        o->on_finished(f);
    }
}

void Engine::fail_run(const std::string& reason) {
    {
        std::lock_guard lock(state_mutex_);
        if (!failure_.empty()) {
            return;
        }
        failure_ = reason;
    }
    release_reserve();
    log(EventLevel::error, fmt::format("run stopped: {}", reason));
    int expected = -1;
    abort_signal_.compare_exchange_strong(expected, 0);
    control_.request();
}

}  // namespace wattbench::core::engine
