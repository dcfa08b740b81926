#include <gtest/gtest.h>

#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <span>
#include <sstream>
#include <thread>

#include "app/core/engine/engine.hpp"
#include "app/core/rundir/csv_reader.hpp"
#include "app/core/rundir/phases_csv_reader.hpp"
#include "drivers/manual/register.hpp"
#include "tests/support/fake_device.hpp"
#include "tests/support/step_clock.hpp"

namespace wattbench::core::engine {
namespace {

namespace fs = std::filesystem;
using std::chrono::milliseconds;

// Answers each prompt from its own thread with the next scripted answer, as a GUI or the CLI
// would; an exhausted script leaves prompts unanswered.
struct Operator final : Observer {
    explicit Operator(Engine& e) : engine(e) {}
    void on_prompt(const PromptRequest& r) override {
        std::lock_guard l(m);
        prompts.push_back(r);
        if (next < script.size()) {
            const auto answer = script[next++];
            threads.emplace_back([this, id = r.id, answer, delay = delay] {
                std::this_thread::sleep_for(delay);
                engine.answer_prompt(id, answer);
            });
        }
        cv.notify_all();
    }
    void on_prompt_withdrawn(std::uint64_t id) override {
        std::lock_guard l(m);
        withdrawn.push_back(id);
    }
    void on_phase_finished(const PhaseFinished& f) override {
        std::lock_guard l(m);
        finished.push_back(f);
    }
    void on_finished(const RunFinished&) override {
        std::lock_guard l(m);
        ended = true;
    }
    void on_readings(std::span<const record::Sample> samples) override {
        std::lock_guard l(m);
        if (!prompts.empty() && withdrawn.empty()) {
            readings_while_prompted += samples.size();
        }
        cv.notify_all();
    }
    bool wait_for_prompts(std::size_t n) {
        std::unique_lock l(m);
        return cv.wait_for(l, std::chrono::seconds(10), [&] { return prompts.size() >= n; });
    }
    // Bounded only so that a broken engine fails instead of hanging; no timing is asserted.
    bool wait_for_readings_while_prompted(std::size_t n) {
        std::unique_lock l(m);
        return cv.wait_for(l, std::chrono::seconds(10),
                           [&] { return readings_while_prompted >= n; });
    }
    ~Operator() override {
        for (auto& t : threads) {
            t.join();
        }
    }

    Engine& engine;
    std::vector<std::optional<double>> script;
    milliseconds delay{50};
    std::size_t next = 0;
    std::mutex m;
    std::condition_variable cv;
    std::vector<PromptRequest> prompts;
    std::vector<std::uint64_t> withdrawn;
    std::vector<PhaseFinished> finished;
    std::size_t readings_while_prompted = 0;
    bool ended = false;
    std::vector<std::thread> threads;
};

drivers::api::Registry registry() {
    drivers::api::Registry r;
    r.add({"fake", "test device", "none", "fake://",
           [](drivers::api::DeviceConfig&)
               -> std::variant<std::unique_ptr<drivers::api::Device>, drivers::api::DeviceError> {
               auto d = std::make_unique<tests::FakeDevice>(std::vector{tests::channel("power")});
               d->on_poll = [](auto) {
                   drivers::api::PollResult r;
                   r.readings.push_back({0, 100.0, drivers::api::Status::ok, {}});
                   return r;
               };
               return d;
           }});
    r.add(drivers::manual::driver_info());
    return r;
}

profile::Profile make_profile(const std::string& prompt, bool manual) {
    profile::Profile p;
    p.path = "prompt.toml";
    p.run.name = "prompt";
    p.run.interval = milliseconds(20);
    profile::DeviceSettings d;
    d.id = "meter";
    d.driver = "fake";
    d.interval = milliseconds(20);
    p.devices.push_back(d);
    if (manual) {
        profile::DeviceSettings m;
        m.id = "ec3000";
        m.driver = "manual";
        m.interval = milliseconds(20);
        m.options.set("reading", std::string("energy"));
        m.options.set("unit", std::string("kWh"));
        m.options.set("accuracy", 1.0);
        p.devices.push_back(m);
    }
    for (const char* name : {"idle", "off"}) {
        profile::PhaseSettings ph;
        ph.name = name;
        ph.load = profile::LoadKind::idle;
        ph.warmup = milliseconds(50);
        ph.window = milliseconds(200);
        if (std::string(name) == "off") {
            ph.prompt = prompt;
        }
        p.phases.push_back(ph);
    }
    return p;
}

// The runner and the samplers of the meter and the built-in host device (a manual meter has
// none: it is read at window edges): the threads a step of the clock waits for. While the runner
// waits for an answer it is not on the clock, so time stands still until the answer comes.
constexpr std::size_t kRunThreads = 3;

std::string temp_dir(const std::string& name) {
    auto dir =
        fs::temp_directory_path() / ("wattbench-prompt-" + name + "-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    return dir.string();
}

std::string slurp(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::vector<std::vector<std::string>> csv_rows(const std::string& path) {
    const std::string text = slurp(path);
    rundir::CsvReader reader(text);
    std::vector<std::vector<std::string>> rows;
    for (std::vector<std::string> f; reader.next(f);) {
        rows.push_back(f);
    }
    return rows;
}

// By name: a phase that ends in its window is reported by the recorder thread, one skipped or
// interrupted by the runner, so the reports of two phases can arrive in either order.
std::optional<PhaseStatus> status_of(const std::vector<PhaseFinished>& finished,
                                     const std::string& phase) {
    for (const auto& f : finished) {
        if (f.name == phase) {
            return f.status;
        }
    }
    return std::nullopt;
}

const stats::ChannelSummary* row(const std::vector<stats::ChannelSummary>& rows,
                                 const std::string& phase, const std::string& device,
                                 const std::string& channel) {
    for (const auto& r : rows) {
        if (r.phase == phase && r.device == device && r.channel == channel) {
            return &r;
        }
    }
    return nullptr;
}

TEST(EnginePrompt, ConfirmedPhasePromptRunsThePhaseAndIsLogged) {
    auto reg = registry();
    Engine engine(reg);
    Operator op(engine);
    op.script = {1.0};
    engine.add_observer(&op);
    RunOptions opt;
    opt.out_dir = temp_dir("confirm");
    ASSERT_FALSE(engine.prepare(make_profile("Switch the machine under test off", false), opt));
    engine.start();
    EXPECT_EQ(engine.wait().status, RunStatus::completed);
    ASSERT_EQ(op.prompts.size(), 1u);
    EXPECT_EQ(op.prompts[0].kind, PromptRequest::Kind::confirm);
    EXPECT_EQ(op.prompts[0].phase_name, "off");
    EXPECT_EQ(op.prompts[0].question, "Switch the machine under test off");
    ASSERT_EQ(op.finished.size(), 2u);
    EXPECT_EQ(status_of(op.finished, "off"), PhaseStatus::done);
    const std::string events = slurp(opt.out_dir + "/events.log");
    EXPECT_NE(events.find("prompt 1 (phase 'off'): Switch the machine under test off [confirm]"),
              std::string::npos)
        << events;
    EXPECT_NE(events.find("prompt 1 confirmed after"), std::string::npos) << events;
    fs::remove_all(opt.out_dir);
}

TEST(EnginePrompt, DeclinedPhasePromptSkipsThePhase) {
    auto reg = registry();
    Engine engine(reg);
    Operator op(engine);
    op.script = {std::nullopt};
    engine.add_observer(&op);
    RunOptions opt;
    opt.out_dir = temp_dir("decline");
    ASSERT_FALSE(engine.prepare(make_profile("Switch it off", false), opt));
    engine.start();
    EXPECT_EQ(engine.wait().status, RunStatus::completed);
    ASSERT_EQ(op.finished.size(), 2u);
    EXPECT_EQ(status_of(op.finished, "off"), PhaseStatus::skipped);
    const std::string events = slurp(opt.out_dir + "/events.log");
    EXPECT_NE(events.find("prompt 1 declined"), std::string::npos) << events;
    EXPECT_NE(events.find("phase 'off' skipped before its warm-up: the prompt was declined"),
              std::string::npos)
        << events;
    auto phases = std::get<std::vector<stats::ChannelSummary>>(
        rundir::read_phases_csv(opt.out_dir + "/phases.csv"));
    EXPECT_EQ(row(phases, "off", "meter", "power"), nullptr);
    fs::remove_all(opt.out_dir);
}

TEST(EnginePrompt, AbortWhileWaitingInterruptsThePhaseAndSamplingGoesOnMeanwhile) {
    auto reg = registry();
    Engine engine(reg);
    Operator op(engine);  // answers nothing
    engine.add_observer(&op);
    RunOptions opt;
    opt.out_dir = temp_dir("abort");
    ASSERT_FALSE(engine.prepare(make_profile("Switch it off", false), opt));
    engine.start();
    ASSERT_TRUE(op.wait_for_prompts(1));
    EXPECT_TRUE(op.wait_for_readings_while_prompted(20))
        << "the meter is still sampled while the prompt waits";
    engine.abort(15);
    const auto result = engine.wait();
    EXPECT_EQ(result.status, RunStatus::interrupted);
    ASSERT_EQ(op.withdrawn.size(), 1u);
    EXPECT_EQ(op.withdrawn[0], op.prompts[0].id);
    ASSERT_EQ(op.finished.size(), 2u);
    EXPECT_EQ(status_of(op.finished, "off"), PhaseStatus::interrupted);
    EXPECT_NE(slurp(opt.out_dir + "/events.log").find("prompt 1 withdrawn"), std::string::npos);
    engine.answer_prompt(op.prompts[0].id, 1.0);  // too late: ignored
    fs::remove_all(opt.out_dir);
}

TEST(EnginePrompt, ManualEnergyCounterGivesDeltaEOverDeltaTWithItsAccuracy) {
    auto reg = registry();
    // The step clock stands still while the runner waits for an answer (it then sleeps on real
    // time, not on the clock), so every reading is taken at the instant it was asked for.
    tests::StepClock clock;
    Engine engine(reg, clock);
    Operator op(engine);
    op.delay = milliseconds(0);
    // idle: start and end reading; off: its confirm, then start and end reading.
    op.script = {1000.000, 1000.002, 1.0, 1000.002, 1000.003};
    engine.add_observer(&op);
    RunOptions opt;
    opt.out_dir = temp_dir("manual");
    ASSERT_FALSE(engine.prepare(make_profile("Switch it off", true), opt));
    engine.start();
    ASSERT_TRUE(clock.run_until(
        [&] {
            std::lock_guard l(op.m);
            return op.ended;
        },
        kRunThreads));
    EXPECT_EQ(engine.wait().status, RunStatus::completed);
    ASSERT_EQ(op.prompts.size(), 5u);
    EXPECT_EQ(op.prompts[0].kind, PromptRequest::Kind::number);
    EXPECT_EQ(op.prompts[0].device_id, "ec3000");
    EXPECT_EQ(op.prompts[0].unit, "kWh");
    EXPECT_NE(op.prompts[0].question.find("at the start of the window"), std::string::npos);
    EXPECT_NE(op.prompts[1].question.find("at the end of the window"), std::string::npos);

    // Only the answers reach samples.csv: no `unavailable` row per tick for the manual meter.
    std::vector<std::vector<std::string>> energy;
    for (const auto& f : csv_rows(opt.out_dir + "/samples.csv")) {
        if (f.size() == 9 && f[4] == "ec3000") {
            energy.push_back(f);
        }
    }
    ASSERT_EQ(energy.size(), 4u);
    for (const auto& f : energy) {
        EXPECT_EQ(f[3], "window");
        EXPECT_EQ(f[5], "energy");
        EXPECT_EQ(f[7], "kWh");
        EXPECT_EQ(f[8], "ok");
    }
    EXPECT_EQ(energy[0][2], "idle");
    EXPECT_EQ(energy[1][6], "1000.002");
    // Each reading at its window's edge: idle's window is 50-250 ms, off's (after its 50 ms
    // warm-up) 300-500 ms.
    EXPECT_EQ(energy[0][1], "0.050");
    EXPECT_EQ(energy[1][1], "0.250");
    EXPECT_EQ(energy[2][1], "0.300");
    EXPECT_EQ(energy[3][1], "0.500");

    auto phases = std::get<std::vector<stats::ChannelSummary>>(
        rundir::read_phases_csv(opt.out_dir + "/phases.csv"));
    const auto* idle = row(phases, "idle", "ec3000", "power");
    ASSERT_NE(idle, nullptr);
    // 2 Wh (7200 J) over 0.2 s; what is left is 1000.002 - 1000.000 in binary, under 1e-6 W.
    EXPECT_NEAR(idle->mean, 36000.0, 1e-6);
    EXPECT_EQ(idle->samples, 1u);
    EXPECT_DOUBLE_EQ(idle->coverage, 1.0);
    EXPECT_DOUBLE_EQ(idle->uncertainty, 0.01);
    const auto* off = row(phases, "off", "ec3000", "power");
    ASSERT_NE(off, nullptr);
    EXPECT_NEAR(off->mean, 18000.0, 1e-5);  // 1 Wh over 0.2 s
    // The other meter's window is the manual one, from the first answer to the second: the 10
    // grid ticks 60-240 ms.
    const auto* meter = row(phases, "idle", "meter", "power");
    ASSERT_NE(meter, nullptr);
    EXPECT_EQ(meter->end - meter->start, milliseconds(200));
    EXPECT_EQ(meter->samples, 10u);
    fs::remove_all(opt.out_dir);
}

TEST(EnginePrompt, ADeclinedManualReadingLeavesThePhaseWithoutAManualFigure) {
    auto reg = registry();
    Engine engine(reg);
    Operator op(engine);
    op.script = {1000.0, std::nullopt, 1.0, 1000.0, 1000.001};
    engine.add_observer(&op);
    RunOptions opt;
    opt.out_dir = temp_dir("manual-declined");
    ASSERT_FALSE(engine.prepare(make_profile("Switch it off", true), opt));
    engine.start();
    EXPECT_EQ(engine.wait().status, RunStatus::completed);
    auto phases = std::get<std::vector<stats::ChannelSummary>>(
        rundir::read_phases_csv(opt.out_dir + "/phases.csv"));
    const auto* idle = row(phases, "idle", "ec3000", "power");
    ASSERT_NE(idle, nullptr);
    EXPECT_EQ(idle->samples, 0u);
    EXPECT_TRUE(std::isnan(idle->mean));
    const auto* off = row(phases, "off", "ec3000", "power");
    ASSERT_NE(off, nullptr);
    EXPECT_EQ(off->samples, 1u);
    fs::remove_all(opt.out_dir);
}

}  // namespace
}  // namespace wattbench::core::engine
