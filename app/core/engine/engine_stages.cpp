// The engine as the phase runner's host: the stages of a phase as the board, the markers and
// the observers see them, the waits, the prompts and the ranging requests.

#include <algorithm>
#include <thread>

#include <fmt/format.h>

#include "app/core/engine/engine.hpp"

namespace wattbench::core::engine {

using phases::Stage;
using sampling::EventLevel;

Engine::Wait Engine::confirm(std::size_t i, bool& confirmed) {
    PromptRequest r;
    r.phase = static_cast<std::int32_t>(i);
    r.phase_name = profile_.phases[i].name;
    r.question = profile_.phases[i].prompt;
    std::optional<double> answer;
    const Wait w = prompts_->ask(r, answer);
    confirmed = answer.has_value();
    return w;
}

// One number from each device read by a person; `before_first_reading` runs once, after the
// first answer and before it is recorded (the window opens there).
Engine::Wait Engine::ask_user_readers(std::size_t i,
                                      const std::function<void()>& before_first_reading) {
    bool first = true;
    for (const auto slot : user_read_slots_) {
        const auto q = slots_[slot].user_read->question();
        PromptRequest r;
        r.phase = static_cast<std::int32_t>(i);
        r.phase_name = profile_.phases[i].name;
        r.device_id = catalog_.devices[slot].device_id;
        r.kind = PromptRequest::Kind::number;
        r.unit = q.unit;
        r.question =
            fmt::format("{} {} of phase '{}'", q.text,
                        board_.current().stage == Stage::window ? "at the end of the window"
                                                                : "at the start of the window",
                        r.phase_name);
        std::optional<double> answer;
        if (const Wait w = prompts_->ask(r, answer); w != Wait::elapsed) {
            return w;
        }
        if (first && before_first_reading) {
            before_first_reading();
        }
        first = false;
        if (!answer) {
            continue;
        }
        // On samples.csv's millisecond grid, so that ΔE/Δt recomputed from the file (annotate,
        // import) equals the live figure; a person's reading is not that precise anyway.
        record::Sample s;
        s.mono = anchor_.mono +
                 std::chrono::round<std::chrono::milliseconds>(clock_.now() - anchor_.mono);
        s.utc = anchor_.utc_at(s.mono);
        s.elapsed_s = anchor_.elapsed_s(s.mono);
        s.device = slot;
        s.channel = static_cast<std::uint32_t>(q.channel);
        const auto tag = board_.current();
        s.phase = tag.phase;
        s.stage = tag.stage;
        s.value = *answer;
        queue_.push(std::move(s));
    }
    if (first && before_first_reading) {
        before_first_reading();
    }
    return Wait::elapsed;
}

// Devices that range from observation (MLPerf's ranging run) auto-range through each warm-up
// and fix their ranges before the window opens; the window waits (bounded) until they have.
void Engine::request_ranging(drivers::api::RangingStep step, std::size_t phase) {
    std::chrono::nanoseconds longest{0};
    bool any = false;
    for (std::size_t i = 0; i < slots_.size(); ++i) {
        if (slots_[i].ranging) {
            slots_[i].ranging->request_ranging(step);
            longest = std::max(longest, catalog_.devices[i].interval);
            any = true;
        }
    }
    if (!any || step != drivers::api::RangingStep::fix) {
        return;
    }
    const auto limit = clock_.now() + 2 * longest + std::chrono::seconds(5);
    for (std::size_t i = 0; i < slots_.size(); ++i) {
        while (slots_[i].ranging && slots_[i].ranging->ranging_pending() && clock_.now() < limit &&
               abort_signal_.load() < 0) {
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        if (slots_[i].ranging && slots_[i].ranging->ranging_pending()) {
            log(EventLevel::warn,
                fmt::format("phase '{}': device '{}' did not fix its ranges before the window "
                            "opened; it will when it answers again",
                            profile_.phases[phase].name, catalog_.devices[i].device_id));
        }
    }
}

// Devices that keep their own window statistics (PTDaemon) mark each window's edges; the run
// waits (bounded) for the mark so that their window and wattbench's differ by one poll at most.
void Engine::mark_windows(drivers::api::WindowEdge edge, std::size_t phase) {
    std::chrono::nanoseconds longest{-1};
    for (std::size_t i = 0; i < slots_.size(); ++i) {
        if (slots_[i].window_marks) {
            slots_[i].window_marks->mark_window(edge, profile_.phases[phase].name);
            longest = std::max(longest, catalog_.devices[i].interval);
        }
    }
    const auto limit = clock_.now() + 2 * longest + std::chrono::seconds(1);
    for (const auto& slot : slots_) {
        while (longest.count() >= 0 && slot.window_marks &&
               slot.window_marks->window_mark_pending() && clock_.now() < limit &&
               abort_signal_.load() < 0) {
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
    }
}

void Engine::set_stage(std::int32_t phase, Stage stage, std::chrono::nanoseconds planned) {
    board_.set(phase, stage, clock_.now());
    StageChange c;
    c.phase = phase;
    c.phase_name = phase >= 0 ? profile_.phases[static_cast<std::size_t>(phase)].name : "";
    c.stage = stage;
    c.since = clock_.now();
    c.planned = planned;
    if (stage == Stage::warmup && phase >= 0) {
        if (const auto& w = profile_.phases[static_cast<std::size_t>(phase)].warmup_until_stable) {
            c.planned_max = w->max;
        }
    }
    for (auto* o : observers_) {
        o->on_stage(c);
    }
}

// Waits until no sampler still holds a reading tagged before `generation`, so that the close
// marker queued next comes after every reading of the window. Bounded: a device stuck in a
// poll cannot hold the run; its late reading is then excluded and counted.
void Engine::settle(std::uint32_t generation) {
    std::chrono::nanoseconds longest{0};
    for (const auto& d : catalog_.devices) {
        longest = std::max(longest, d.interval);
    }
    const auto limit =
        clock_.now() + std::min<std::chrono::nanoseconds>(longest, std::chrono::seconds(5));
    for (;;) {
        bool all = std::all_of(samplers_.begin(), samplers_.end(),
                               [&](const auto& s) { return s->settled(generation); });
        if (all || clock_.now() >= limit) {
            return;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
}

void Engine::push_marker(sampling::WindowMarker::Kind kind, std::int32_t phase) {
    sampling::WindowMarker m;
    m.kind = kind;
    m.phase = phase;
    m.mono = clock_.now();
    m.utc = anchor_.utc_at(m.mono);
    queue_.push(m);
}

Engine::Wait Engine::wait_for(std::chrono::nanoseconds d, bool warmup, const load::Load& load,
                              const std::function<bool()>& until) {
    const auto end = clock_.now() + d;
    for (;;) {
        if (load.exited()) {
            return Wait::load_ended;
        }
        if (want_skip_phase_.exchange(false)) {
            return Wait::skip_phase;
        }
        if (warmup && want_skip_warmup_.exchange(false)) {
            return Wait::skip_warmup;
        }
        if (abort_signal_.load() >= 0) {
            return Wait::abort;
        }
        if (until && until()) {
            return Wait::condition;
        }
        if (clock_.now() >= end) {
            return Wait::elapsed;
        }
        if (clock_.sleep_until(end, control_)) {
            return Wait::abort;
        }
    }
}

void Engine::set_phase_status(std::size_t index, PhaseStatus status) {
    {
        std::lock_guard lock(state_mutex_);
        phase_records_[index].status = status;
    }
    // Every change of a phase's status is on disk before the run goes on, so a run killed at
    // any instant says how far it got.
    write_manifest();
}

void Engine::warmup_started(std::size_t i) {
    const auto& phase = profile_.phases[i];
    set_stage(static_cast<std::int32_t>(i), Stage::warmup, phase.warmup);
    // The manifest first: a run killed right after the events line still says where it was.
    set_phase_status(i, PhaseStatus::warmup);
    log(EventLevel::info,
        fmt::format("phase '{}' ({}): warm-up {}, window {} s, load: {}", phase.name,
                    profile::to_string(phase.load), describe_warmup(i),
                    std::chrono::duration<double>(phase.window).count(), loads_[i]->describe()));
}

void Engine::open_window(std::size_t i) {
    const auto idx = static_cast<std::int32_t>(i);
    mark_windows(drivers::api::WindowEdge::open, i);
    push_marker(sampling::WindowMarker::Kind::open, idx);
    {
        std::lock_guard lock(state_mutex_);
        phase_records_[i].window_start = anchor_.utc_at(clock_.now());
    }
    set_stage(idx, Stage::window, profile_.phases[i].window);
    set_phase_status(i, PhaseStatus::window);
    log(EventLevel::info,
        fmt::format("phase '{}': averaging window opened", profile_.phases[i].name));
}

Engine::Wait Engine::wait_window(std::size_t i, const load::Load& load) {
    return wait_for(profile_.phases[i].window, false, load);
}

void Engine::end_stage(std::size_t i, bool keep) {
    const auto idx = static_cast<std::int32_t>(i);
    const auto gen = board_.set(idx, Stage::between, clock_.now());
    if (keep) {
        std::lock_guard lock(state_mutex_);
        phase_records_[i].window_end = anchor_.utc_at(clock_.now());
    }
    settle(gen);
    push_marker(keep ? sampling::WindowMarker::Kind::close : sampling::WindowMarker::Kind::discard,
                idx);
    mark_windows(keep ? drivers::api::WindowEdge::close : drivers::api::WindowEdge::discard, i);
    set_stage(idx, Stage::between, {});
}

void Engine::load_stopped(std::size_t i) {
    const auto& load = *loads_[i];
    const auto& name = profile_.phases[i].name;
    if (const auto failure = load.failure(); !failure.empty()) {
        log(EventLevel::warn, fmt::format("phase '{}': the load stopped early: {}", name, failure));
    }
    if (auto score = load.score()) {
        log(EventLevel::info,
            fmt::format("phase '{}': score {} {}", name, score->value, score->unit));
        std::lock_guard lock(state_mutex_);
        phase_records_[i].score = std::move(score);
    } else if (!profile_.phases[i].command_settings.score_regex.empty()) {
        log(EventLevel::warn, fmt::format("phase '{}': the score regex matched no number in the "
                                          "command's output",
                                          name));
    }
}

void Engine::phase_ended(std::size_t i, PhaseStatus status) {
    if (status == PhaseStatus::interrupted) {
        std::lock_guard lock(state_mutex_);
        interrupted_phase_ = static_cast<std::int32_t>(i);
    }
    set_phase_status(i, status);
    PhaseFinished f{static_cast<std::int32_t>(i), profile_.phases[i].name, status, {}};
    for (auto* o : observers_) {
        o->on_phase_finished(f);
    }
}

}  // namespace wattbench::core::engine
