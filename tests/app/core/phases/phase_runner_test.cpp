#include "app/core/phases/phase_runner.hpp"

#include <gtest/gtest.h>

#include <deque>
#include <string>
#include <vector>

namespace wattbench::core::phases {
namespace {

// A load that only says what happened to it.
class ScriptedLoad final : public load::Load {
public:
    std::optional<std::string> start() override {
        ++starts;
        return start_error;
    }
    void stop() override { ++stops; }
    std::string describe() const override { return "scripted"; }
    std::optional<load::LoadExit> exited() const override { return exit; }

    std::optional<std::string> start_error;
    std::optional<load::LoadExit> exit;
    int starts = 0;
    int stops = 0;
};

// Records every call in order; each wait returns the next scripted result.
class FakeHost final : public PhaseHost {
public:
    void log(LogLevel, const std::string& message) override { logs.push_back(message); }
    WaitResult confirm(std::size_t, bool& confirmed) override {
        calls.push_back("confirm");
        confirmed = confirm_answer;
        return next();
    }
    void warmup_started(std::size_t) override { calls.push_back("warmup_started"); }
    WaitResult warm_up(std::size_t, const load::Load&) override {
        calls.push_back("warm_up");
        return next();
    }
    void request_ranging(drivers::api::RangingStep step, std::size_t) override {
        calls.push_back(step == drivers::api::RangingStep::fix ? "ranging_fix" : "ranging_observe");
    }
    WaitResult ask_user_readers(std::size_t, const std::function<void()>& first) override {
        calls.push_back(first ? "readers_start" : "readers_end");
        const auto w = next();
        if (w == WaitResult::elapsed && first) {
            first();
        }
        return w;
    }
    void open_window(std::size_t) override { calls.push_back("open_window"); }
    WaitResult wait_window(std::size_t, const load::Load&) override {
        calls.push_back("wait_window");
        return next();
    }
    void end_stage(std::size_t, bool keep) override {
        calls.push_back(keep ? "close_window" : "discard");
    }
    void load_stopped(std::size_t) override { calls.push_back("load_stopped"); }
    void phase_ended(std::size_t, PhaseStatus status) override {
        calls.push_back("ended:" + std::string(to_string(status)));
    }

    WaitResult next() {
        if (script.empty()) {
            return WaitResult::elapsed;
        }
        const auto w = script.front();
        script.pop_front();
        return w;
    }

    std::deque<WaitResult> script;
    bool confirm_answer = true;
    std::vector<std::string> calls;
    std::vector<std::string> logs;
};

profile::PhaseSettings phase(std::string prompt = {}) {
    profile::PhaseSettings p;
    p.name = "cpu-1";
    p.load = profile::LoadKind::cpu;
    p.prompt = std::move(prompt);
    return p;
}

using Calls = std::vector<std::string>;

TEST(PhaseRunner, AWholePhaseGoesThroughItsStagesInOrder) {
    FakeHost host;
    ScriptedLoad load;
    PhaseRunner runner(host);
    EXPECT_TRUE(runner.run(0, phase(), load));
    EXPECT_EQ(host.calls,
              (Calls{"warmup_started", "ranging_observe", "warm_up", "ranging_fix", "readers_start",
                     "open_window", "wait_window", "readers_end", "close_window", "load_stopped"}));
    EXPECT_EQ(load.starts, 1);
    EXPECT_EQ(load.stops, 1);
    EXPECT_EQ(host.logs.back(), "phase 'cpu-1': averaging window closed");
}

TEST(PhaseRunner, ADeclinedPromptSkipsThePhaseWithoutStartingItsLoad) {
    FakeHost host;
    host.confirm_answer = false;
    ScriptedLoad load;
    PhaseRunner runner(host);
    EXPECT_TRUE(runner.run(0, phase("Switch it off"), load));
    EXPECT_EQ(host.calls, (Calls{"confirm", "ended:skipped"}));
    EXPECT_EQ(load.starts, 0);
    EXPECT_EQ(host.logs.back(),
              "phase 'cpu-1' skipped before its warm-up: the prompt was declined");
}

TEST(PhaseRunner, AnAbortDuringThePromptStopsTheRun) {
    FakeHost host;
    host.script = {WaitResult::abort};
    ScriptedLoad load;
    PhaseRunner runner(host);
    EXPECT_FALSE(runner.run(0, phase("Ready?"), load));
    EXPECT_EQ(host.calls, (Calls{"confirm", "ended:interrupted"}));
    EXPECT_EQ(load.starts, 0);
}

TEST(PhaseRunner, AnAbortDuringTheWarmupDiscardsAndStopsTheLoad) {
    FakeHost host;
    host.script = {WaitResult::abort};
    ScriptedLoad load;
    PhaseRunner runner(host);
    EXPECT_FALSE(runner.run(0, phase(), load));
    EXPECT_EQ(host.calls, (Calls{"warmup_started", "ranging_observe", "warm_up", "discard",
                                 "load_stopped", "ended:interrupted"}));
    EXPECT_EQ(load.stops, 1);
}

TEST(PhaseRunner, ALoadThatFailsToStartFailsOnlyItsPhase) {
    FakeHost host;
    ScriptedLoad load;
    load.start_error = "no such program";
    PhaseRunner runner(host);
    EXPECT_TRUE(runner.run(0, phase(), load));
    EXPECT_EQ(host.calls, (Calls{"warmup_started", "discard", "ended:failed"}));
    EXPECT_EQ(host.logs.back(), "phase 'cpu-1': load failed to start: no such program");
}

TEST(PhaseRunner, ALoadEndingInTheWarmupFailsThePhase) {
    FakeHost host;
    host.script = {WaitResult::load_ended};
    ScriptedLoad load;
    load.exit = load::LoadExit{false, "the command exited with status 0"};
    PhaseRunner runner(host);
    EXPECT_TRUE(runner.run(0, phase(), load));
    EXPECT_EQ(host.calls.back(), "ended:failed");
    EXPECT_EQ(load.stops, 1);
}

TEST(PhaseRunner, ALoadEndingInTheWindowEndsItEarlyUnlessItAsksToFail) {
    {
        FakeHost host;
        host.script = {WaitResult::elapsed, WaitResult::elapsed, WaitResult::load_ended};
        ScriptedLoad load;
        load.exit = load::LoadExit{false, "done"};
        PhaseRunner runner(host);
        EXPECT_TRUE(runner.run(0, phase(), load));
        EXPECT_EQ(host.calls.back(), "load_stopped");
        EXPECT_NE(std::find(host.calls.begin(), host.calls.end(), "close_window"),
                  host.calls.end());
    }
    {
        FakeHost host;
        host.script = {WaitResult::elapsed, WaitResult::elapsed, WaitResult::load_ended};
        ScriptedLoad load;
        load.exit = load::LoadExit{true, "the command exited with status 3"};
        PhaseRunner runner(host);
        EXPECT_TRUE(runner.run(0, phase(), load));
        EXPECT_EQ(host.calls.back(), "ended:failed");
        EXPECT_EQ(std::find(host.calls.begin(), host.calls.end(), "close_window"),
                  host.calls.end());
    }
}

TEST(PhaseRunner, SkipsAreHonouredInEveryStage) {
    for (std::size_t at = 0; at < 4; ++at) {
        FakeHost host;
        // warm_up, readers_start, wait_window, readers_end
        for (std::size_t k = 0; k < at; ++k) {
            host.script.push_back(WaitResult::elapsed);
        }
        host.script.push_back(WaitResult::skip_phase);
        ScriptedLoad load;
        PhaseRunner runner(host);
        EXPECT_TRUE(runner.run(0, phase(), load)) << at;
        EXPECT_EQ(host.calls.back(), "ended:skipped") << at;
        EXPECT_EQ(load.stops, 1) << at;
    }
}

TEST(PhaseRunner, SkippingTheWarmupOpensTheWindow) {
    FakeHost host;
    host.script = {WaitResult::skip_warmup};
    ScriptedLoad load;
    PhaseRunner runner(host);
    EXPECT_TRUE(runner.run(0, phase(), load));
    EXPECT_EQ(host.calls.back(), "load_stopped");
    EXPECT_EQ(host.logs.front(), "phase 'cpu-1': warm-up skipped by the operator");
}

}  // namespace
}  // namespace wattbench::core::phases
