#include "app/core/phases/phase_runner.hpp"

#include <chrono>

#include <fmt/format.h>

namespace wattbench::core::phases {

namespace {

PhaseStatus status_after(WaitResult w) {
    return w == WaitResult::abort ? PhaseStatus::interrupted : PhaseStatus::skipped;
}

}  // namespace

void PhaseRunner::finish_early(std::size_t i, const profile::PhaseSettings& phase, load::Load& load,
                               PhaseStatus status) {
    host_.end_stage(i, false);
    load.stop();
    host_.load_stopped(i);
    host_.log(status == PhaseStatus::interrupted ? LogLevel::warn : LogLevel::info,
              fmt::format("phase '{}' {}", phase.name, to_string(status)));
    host_.phase_ended(i, status);
}

bool PhaseRunner::load_ended(const profile::PhaseSettings& phase, const load::Load& load) {
    const auto e = load.exited();
    const bool fail = e && e->fail;
    host_.log(fail ? LogLevel::error : LogLevel::info,
              fmt::format("phase '{}': {}{}", phase.name, e ? e->message : "the load ended",
                          !fail ? ""
                          : phase.load == profile::LoadKind::command
                              ? "; on_exit = \"fail\" fails the phase"
                              : "; the phase fails"));
    return fail;
}

bool PhaseRunner::run(std::size_t i, const profile::PhaseSettings& phase, load::Load& load) {
    if (!phase.prompt.empty()) {
        bool confirmed = false;
        const WaitResult w = host_.confirm(i, confirmed);
        if (w != WaitResult::elapsed || !confirmed) {
            const auto status = status_after(w);
            host_.log(
                LogLevel::warn,
                fmt::format("phase '{}' {} before its warm-up{}", phase.name, to_string(status),
                            w == WaitResult::elapsed ? ": the prompt was declined" : ""));
            host_.phase_ended(i, status);
            return w != WaitResult::abort;
        }
    }

    host_.warmup_started(i);
    if (auto err = load.start()) {
        host_.log(LogLevel::error,
                  fmt::format("phase '{}': load failed to start: {}", phase.name, *err));
        host_.end_stage(i, false);
        host_.phase_ended(i, PhaseStatus::failed);
        return true;
    }

    host_.request_ranging(drivers::api::RangingStep::observe, i);
    WaitResult w = host_.warm_up(i, load);
    switch (w) {
        case WaitResult::abort:
            finish_early(i, phase, load, PhaseStatus::interrupted);
            return false;
        case WaitResult::load_ended:
            // Before the window opened there is nothing to average: the phase did not measure.
            load_ended(phase, load);
            finish_early(i, phase, load, PhaseStatus::failed);
            return true;
        case WaitResult::skip_phase:
            finish_early(i, phase, load, PhaseStatus::skipped);
            return true;
        case WaitResult::skip_warmup:
            host_.log(LogLevel::info,
                      fmt::format("phase '{}': warm-up skipped by the operator", phase.name));
            break;
        case WaitResult::elapsed:
        case WaitResult::condition:
            break;
    }

    host_.request_ranging(drivers::api::RangingStep::fix, i);
    // With meters read by a person, the window opens at the first start reading.
    w = host_.ask_user_readers(i, [&] { host_.open_window(i); });
    if (w != WaitResult::elapsed) {
        finish_early(i, phase, load, status_after(w));
        return w != WaitResult::abort;
    }

    w = host_.wait_window(i, load);
    if (w == WaitResult::abort) {
        finish_early(i, phase, load, PhaseStatus::interrupted);
        return false;
    }
    if (w == WaitResult::load_ended && load_ended(phase, load)) {
        finish_early(i, phase, load, PhaseStatus::failed);
        return true;
    }
    if (w == WaitResult::skip_phase) {
        finish_early(i, phase, load, PhaseStatus::skipped);
        return true;
    }
    // The window stays open until the end readings are in.
    w = host_.ask_user_readers(i, {});
    if (w != WaitResult::elapsed) {
        finish_early(i, phase, load, status_after(w));
        return w != WaitResult::abort;
    }
    host_.end_stage(i, true);
    load.stop();
    host_.load_stopped(i);
    host_.log(LogLevel::info, fmt::format("phase '{}': averaging window closed", phase.name));
    return true;
}

}  // namespace wattbench::core::phases
