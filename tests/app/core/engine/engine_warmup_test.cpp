#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <functional>
#include <mutex>
#include <sstream>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/core/engine/engine.hpp"
#include "tests/support/fake_device.hpp"
#include "tests/support/step_clock.hpp"

namespace wattbench::core::engine {
namespace {

namespace fs = std::filesystem;
using std::chrono::milliseconds;

struct Stages final : Observer {
    void on_stage(const StageChange& c) override {
        std::lock_guard l(m);
        changes.push_back(c);
    }
    void on_readings(std::span<const record::Sample> samples) override {
        for (const auto& r : samples) {
            if (r.device == 0) {
                meter_seen.store(std::max(meter_seen.load(), r.mono));
            }
        }
    }
    void on_finished(const RunFinished&) override { ended.store(true); }
    std::mutex m;
    std::vector<StageChange> changes;
    std::atomic<sampling::Clock::time_point> meter_seen{};
    std::atomic<bool> ended{false};
};

// The runner and the samplers of the meter and the built-in host device.
constexpr std::size_t run_threads = 3;

// Steps `clock` through the run, each step only once the meter's readings due so far have
// reached the observers (and so the warm-up monitor, which sees them first): the verdict on a
// steady channel then comes at the tick that makes it, not a few ticks later on a busy machine.
bool run_stepped(tests::StepClock& clock, Stages& stages, sampling::Clock::time_point start,
                 const std::function<bool()>& done) {
    const auto interval = milliseconds(20);
    return clock.run_until(done, run_threads, [&] {
        const auto due = start + (clock.now() - start) / interval * interval;
        return stages.meter_seen.load() >= due;
    });
}

// One fake meter: a constant 42 W, or with `ramp = true` a reading that grows by 1 W a poll.
drivers::api::Registry test_registry() {
    drivers::api::Registry r;
    r.add({"fake", "test device", "none", "fake://",
           [](drivers::api::DeviceConfig& cfg)
               -> std::variant<std::unique_ptr<drivers::api::Device>, drivers::api::DeviceError> {
               const bool ramp = cfg.options.take_bool("ramp").value_or(false);
               auto d = std::make_unique<tests::FakeDevice>(
                   std::vector{tests::channel("power"), tests::channel("voltage", "V")});
               if (!ramp) {
                   d->on_poll = [](auto) {
                       drivers::api::PollResult r;
                       r.readings.push_back({0, 42.0, drivers::api::Status::ok, {}});
                       r.readings.push_back({1, 230.0, drivers::api::Status::ok, {}});
                       return r;
                   };
               }
               return d;
           }});
    return r;
}

profile::WarmupUntilStable until_stable(std::chrono::nanoseconds max,
                                        std::chrono::nanoseconds stable_for,
                                        const std::string& channel, double tolerance,
                                        bool relative) {
    profile::WarmupUntilStable w;
    w.max = max;
    w.stable_for = stable_for;
    w.key = "run.warmup";
    profile::StableChannel c;
    c.device = channel.substr(0, channel.find('/'));
    c.channel = channel.substr(channel.find('/') + 1);
    c.tolerance = tolerance;
    c.relative = relative;
    c.location = {"test.toml", 7, 3};
    c.key = "run.warmup.until_stable";
    w.channels.push_back(c);
    return w;
}

profile::Profile make_profile(bool ramp, std::optional<profile::WarmupUntilStable> warmup,
                              double idle_max_cpu = 100.0) {
    profile::Profile p;
    p.path = "test.toml";
    p.text = "[run]\nname = \"t\"\n";
    p.run.name = "t";
    p.run.interval = milliseconds(20);
    p.run.idle_max_cpu = idle_max_cpu;
    profile::DeviceSettings d;
    d.id = "meter";
    d.driver = "fake";
    d.connection = "fake://";
    d.interval = milliseconds(20);
    if (ramp) {
        d.options.set("ramp", true);
    }
    p.devices.push_back(d);
    profile::PhaseSettings ph;
    ph.name = "idle";
    ph.load = profile::LoadKind::idle;
    ph.warmup = milliseconds(100);
    ph.warmup_until_stable = std::move(warmup);
    ph.window = milliseconds(200);
    p.phases.push_back(ph);
    return p;
}

std::string temp_dir(const std::string& name) {
    auto dir = fs::temp_directory_path() /
               ("wattbench-engine-warmup-" + name + "-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    return dir.string();
}

std::string slurp(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

nlohmann::json manifest(const std::string& dir) {
    std::ifstream in(dir + "/manifest.json");
    return nlohmann::json::parse(in);
}

std::vector<std::string> phase_rows(const std::string& dir) {
    std::ifstream in(dir + "/phases.csv");
    std::vector<std::string> out;
    std::string line;
    std::getline(in, line);
    while (std::getline(in, line)) {
        out.push_back(line);
    }
    return out;
}

TEST(EngineWarmup, OpensTheWindowOnceTheNamedChannelIsSteady) {
    auto registry = test_registry();
    tests::StepClock clock;
    Engine engine(registry, clock);
    Stages stages;
    engine.add_observer(&stages);
    RunOptions opt;
    opt.out_dir = temp_dir("stable");
    ASSERT_FALSE(
        engine.prepare(make_profile(false, until_stable(std::chrono::seconds(20), milliseconds(200),
                                                        "meter/power", 0.01, true)),
                       opt));
    const auto start = clock.now();
    engine.start();
    ASSERT_TRUE(run_stepped(clock, stages, start, [&] { return stages.ended.load(); }));
    EXPECT_EQ(engine.wait().status, RunStatus::completed);

    const auto m = manifest(opt.out_dir);
    const auto& phase = m["phases"][0];
    EXPECT_EQ(phase["warmup_end"], "stable");
    // Readings 20 ms apart until they span 200 ms, and the verdict held for a tenth of that:
    // 260 ms from the first warm-up reading at 20 ms. The samplers' tick at 0 ms is the instant
    // the warm-up starts, so it counts in the rare run where the runner gets there first.
    const double achieved = phase["warmup_achieved_s"].get<double>();
    EXPECT_GE(achieved, 0.24 - 1e-9);
    EXPECT_LE(achieved, 0.26 + 1e-9);
    EXPECT_EQ(phase["warmup_until_stable"]["max_s"], 20.0);
    EXPECT_EQ(phase["warmup_until_stable"]["channels"][0]["name"], "meter/power");
    EXPECT_EQ(phase["warmup_until_stable"]["channels"][0]["tolerance"], "1%");
    EXPECT_EQ(phase["flags"], nlohmann::json::array());

    const auto events = slurp(opt.out_dir + "/events.log");
    EXPECT_NE(events.find("phase 'idle' (idle): warm-up until stable (min 100ms, max 20s, trend "
                          "over 200ms: meter/power ±1 %)"),
              std::string::npos)
        << events;
    EXPECT_NE(events.find("phase 'idle': warm-up stable after "), std::string::npos) << events;
    EXPECT_NE(events.find("meter/power: trend +0 W per 200ms (limit 0.42 W)"), std::string::npos)
        << events;

    std::lock_guard l(stages.m);
    const auto warmup = std::find_if(stages.changes.begin(), stages.changes.end(),
                                     [](auto& c) { return c.stage == phases::Stage::warmup; });
    ASSERT_NE(warmup, stages.changes.end());
    EXPECT_EQ(warmup->planned, milliseconds(100));
    EXPECT_EQ(warmup->planned_max, std::chrono::seconds(20));
    fs::remove_all(opt.out_dir);
}

TEST(EngineWarmup, ReachingMaxOpensTheWindowAnywayWithAFlag) {
    auto registry = test_registry();
    tests::StepClock clock;
    Engine engine(registry, clock);
    Stages stages;
    engine.add_observer(&stages);
    RunOptions opt;
    opt.out_dir = temp_dir("max");
    // 1 W a poll at 50 polls a second never stays within 0.5 W per 200 ms.
    ASSERT_FALSE(engine.prepare(
        make_profile(true,
                     until_stable(milliseconds(600), milliseconds(200), "meter/power", 0.5, false)),
        opt));
    const auto start = clock.now();
    engine.start();
    ASSERT_TRUE(run_stepped(clock, stages, start, [&] { return stages.ended.load(); }));
    EXPECT_EQ(engine.wait().status, RunStatus::completed);

    const auto m = manifest(opt.out_dir);
    const auto& phase = m["phases"][0];
    EXPECT_EQ(phase["warmup_end"], "max");
    EXPECT_DOUBLE_EQ(phase["warmup_achieved_s"].get<double>(), 0.6);
    EXPECT_EQ(phase["flags"], nlohmann::json::array({"warmup_max"}));
    const auto rows = phase_rows(opt.out_dir);
    ASSERT_FALSE(rows.empty());
    for (const auto& row : rows) {
        EXPECT_NE(row.find(",warmup_max,"), std::string::npos) << row;
    }
    const auto events = slurp(opt.out_dir + "/events.log");
    EXPECT_NE(events.find("WARN  phase 'idle': warm-up reached its max of 600ms before every "
                          "channel was stable (meter/power: trend +"),
              std::string::npos)
        << events;
    fs::remove_all(opt.out_dir);
}

TEST(EngineWarmup, SkipWarmupStillOpensTheWindow) {
    auto registry = test_registry();
    tests::StepClock clock;
    Engine engine(registry, clock);
    Stages stages;
    engine.add_observer(&stages);
    RunOptions opt;
    opt.out_dir = temp_dir("skip");
    ASSERT_FALSE(
        engine.prepare(make_profile(true, until_stable(std::chrono::seconds(60), milliseconds(200),
                                                       "meter/power", 0.5, false)),
                       opt));
    const auto start = clock.now();
    engine.start();
    ASSERT_TRUE(run_stepped(clock, stages, start,
                            [&] { return clock.now() - start >= milliseconds(300); }));
    engine.skip_warmup();
    ASSERT_TRUE(run_stepped(clock, stages, start, [&] { return stages.ended.load(); }));
    EXPECT_EQ(engine.wait().status, RunStatus::completed);
    const auto m = manifest(opt.out_dir);
    EXPECT_EQ(m["phases"][0]["status"], "done");
    EXPECT_EQ(m["phases"][0]["warmup_end"], "skipped");
    // Skipped where it was asked to be, 300 ms into a warm-up of up to 60 s.
    EXPECT_DOUBLE_EQ(m["phases"][0]["warmup_achieved_s"].get<double>(), 0.3);
    fs::remove_all(opt.out_dir);
}

TEST(EngineWarmup, UnknownChannelIsRefusedAtPrepareWithItsProfileLocation) {
    auto registry = test_registry();
    Engine engine(registry);
    RunOptions opt;
    opt.out_dir = temp_dir("unknown");
    const auto err =
        engine.prepare(make_profile(false, until_stable(std::chrono::seconds(60), milliseconds(200),
                                                        "meter/powr", 0.01, true)),
                       opt);
    ASSERT_TRUE(err);
    EXPECT_EQ(err->exit_code, 2);
    EXPECT_EQ(err->message,
              "test.toml:7:3: run.warmup.until_stable: 'meter/powr': device 'meter' has no "
              "channel 'powr' (it has: power, voltage)");
    EXPECT_FALSE(fs::exists(opt.out_dir));
}

TEST(EngineWarmup, UnknownAmbientChannelIsRefusedOnceTheDevicesAreOpen) {
    auto registry = test_registry();
    Engine engine(registry);
    RunOptions opt;
    opt.out_dir = temp_dir("ambient");
    auto profile = make_profile(false, std::nullopt);
    profile.validity.ambient = "meter/inlet";
    profile.validity.ambient_location = {"test.toml", 9, 11};
    const auto err = engine.prepare(std::move(profile), opt);
    ASSERT_TRUE(err);
    EXPECT_EQ(err->exit_code, 2);
    EXPECT_EQ(err->message,
              "test.toml:9:11: validity.ambient: 'meter/inlet': device 'meter' has no channel "
              "'inlet' (it has: power, voltage)");
    EXPECT_FALSE(fs::exists(opt.out_dir));
}

TEST(EngineWarmup, QuietIdlePhaseIsCheckedAndNotFlagged) {
    auto registry = test_registry();
    Engine engine(registry);
    RunOptions opt;
    opt.out_dir = temp_dir("quiet");
    ASSERT_FALSE(engine.prepare(make_profile(false, std::nullopt, 100.0), opt));
    engine.start();
    EXPECT_EQ(engine.wait().status, RunStatus::completed);
    const auto m = manifest(opt.out_dir);
    const auto& check = m["phases"][0]["idle_check"];
    EXPECT_TRUE(check["cpu_util"].is_number());
    EXPECT_EQ(check["idle_max_cpu"], 100.0);
    EXPECT_TRUE(check["busiest"].empty());
    EXPECT_EQ(m["phases"][0]["flags"], nlohmann::json::array());
    EXPECT_EQ(m["phases"][0]["warmup_end"], "elapsed");
    EXPECT_NE(slurp(opt.out_dir + "/events.log").find("phase 'idle': the machine is idle: CPU "),
              std::string::npos);
    fs::remove_all(opt.out_dir);
}

TEST(EngineWarmup, BusyIdlePhaseIsFlaggedWithTheBusiestProcesses) {
    // This test's own process keeps one CPU busy: at least half of a 2-CPU machine.
    std::atomic<bool> stop{false};
    std::thread spinner([&] {
        volatile std::uint64_t x = 0;
        while (!stop.load(std::memory_order_relaxed)) {
            x = x + 1;
        }
    });
    auto registry = test_registry();
    Engine engine(registry);
    RunOptions opt;
    opt.out_dir = temp_dir("busy");
    auto profile = make_profile(false, std::nullopt, 1.0);
    profile.phases[0].warmup = milliseconds(500);
    ASSERT_FALSE(engine.prepare(std::move(profile), opt));
    engine.start();
    const auto result = engine.wait();
    stop.store(true);
    spinner.join();
    EXPECT_EQ(result.status, RunStatus::completed);

    std::string self;
    std::getline(std::ifstream("/proc/self/comm"), self);
    const auto m = manifest(opt.out_dir);
    const auto& phase = m["phases"][0];
    EXPECT_EQ(phase["flags"], nlohmann::json::array({"not_idle"}));
    EXPECT_GT(phase["idle_check"]["cpu_util"].get<double>(), 1.0);
    const auto& busiest = phase["idle_check"]["busiest"];
    ASSERT_FALSE(busiest.empty());
    EXPECT_TRUE(std::any_of(busiest.begin(), busiest.end(), [&](const auto& p) {
        return p["name"] == self && p["pid"] == ::getpid() && p["cpu_percent"] > 0.0;
    })) << busiest.dump();
    for (const auto& row : phase_rows(opt.out_dir)) {
        EXPECT_NE(row.find(",not_idle,"), std::string::npos) << row;
    }
    const auto events = slurp(opt.out_dir + "/events.log");
    EXPECT_NE(events.find("WARN  phase 'idle': the machine is not idle: CPU "), std::string::npos)
        << events;
    EXPECT_NE(events.find(fmt::format("{} (pid {})", self, ::getpid())), std::string::npos)
        << events;
    fs::remove_all(opt.out_dir);
}

}  // namespace
}  // namespace wattbench::core::engine
