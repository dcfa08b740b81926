#include "app/core/engine/engine.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "app/core/engine/manifest.hpp"
#include "tests/support/fake_device.hpp"
#include "tests/support/step_clock.hpp"

namespace wattbench::core::engine {
namespace {

namespace fs = std::filesystem;
using std::chrono::milliseconds;

struct Recorder final : Observer {
    void on_started(const record::Catalog& c) override {
        channels = c.devices.at(0).channels.size();
    }
    void on_readings(std::span<const record::Sample> s) override {
        std::lock_guard l(m);
        readings += s.size();
    }
    void on_stage(const StageChange& c) override {
        std::lock_guard l(m);
        stages.push_back(c.phase_name + ":" + std::string(phases::to_string(c.stage)));
    }
    void on_phase_finished(const PhaseFinished& f) override {
        std::lock_guard l(m);
        finished.push_back(f);
    }
    void on_device_state(const DeviceStateChange& c) override {
        std::lock_guard l(m);
        device_states.push_back(c.state);
    }
    void on_finished(const RunFinished& r) override {
        result = r;
        ended.store(true);
    }
    bool has_stage(const std::string& stage) {
        std::lock_guard l(m);
        return std::find(stages.begin(), stages.end(), stage) != stages.end();
    }
    std::mutex m;
    std::atomic<bool> ended{false};
    std::size_t channels = 0;
    std::size_t readings = 0;
    std::vector<std::string> stages;
    std::vector<PhaseFinished> finished;
    std::vector<sampling::DeviceState> device_states;
    RunFinished result;
};

// A registry with one fake driver whose constant reading is its `value` option.
drivers::api::Registry test_registry() {
    drivers::api::Registry r;
    r.add({"fake", "test device", "none", "fake://",
           [](drivers::api::DeviceConfig& cfg)
               -> std::variant<std::unique_ptr<drivers::api::Device>, drivers::api::DeviceError> {
               const double value = cfg.options.take_number("value").value_or(42.0);
               const bool fail = cfg.options.take_bool("fail_open").value_or(false);
               auto d = std::make_unique<tests::FakeDevice>(
                   std::vector{tests::channel("power"), tests::channel("voltage", "V")});
               d->on_poll = [value](auto) {
                   drivers::api::PollResult r;
                   r.readings.push_back({0, value, drivers::api::Status::ok, {}});
                   r.readings.push_back({1, 230.0, drivers::api::Status::ok, {}});
                   return r;
               };
               if (fail) {
                   d->on_open = [] {
                       return std::optional(drivers::api::DeviceError{
                           drivers::api::ErrorKind::unreachable, "no such port"});
                   };
               }
               return d;
           }});
    return r;
}

profile::Profile make_profile(int phases) {
    profile::Profile p;
    p.path = "test.toml";
    p.text = "[run]\nname = \"t\"\n";
    p.run.name = "t";
    p.run.interval = milliseconds(20);
    profile::DeviceSettings d;
    d.id = "meter";
    d.driver = "fake";
    d.connection = "fake://";
    d.interval = milliseconds(20);
    p.devices.push_back(d);
    for (int i = 0; i < phases; ++i) {
        profile::PhaseSettings ph;
        ph.name = i == 0 ? "idle" : "cpu-" + std::to_string(i);
        ph.load = i == 0 ? profile::LoadKind::idle : profile::LoadKind::cpu;
        ph.workers = static_cast<std::uint32_t>(i);
        ph.warmup = milliseconds(100);
        ph.window = milliseconds(300);
        p.phases.push_back(ph);
    }
    return p;
}

std::string temp_dir(const std::string& name) {
    auto dir =
        fs::temp_directory_path() / ("wattbench-engine-" + name + "-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    return dir.string();
}

std::vector<std::string> lines(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> out;
    for (std::string l; std::getline(in, l);) {
        out.push_back(l);
    }
    return out;
}

TEST(Engine, RunsPhasesAndWritesTheRunDirectory) {
    auto registry = test_registry();
    Engine engine(registry);
    Recorder rec;
    engine.add_observer(&rec);
    RunOptions opt;
    opt.out_dir = temp_dir("complete");
    ASSERT_FALSE(engine.prepare(make_profile(2), opt));
    engine.start();
    auto result = engine.wait();
    EXPECT_EQ(result.status, RunStatus::completed);
    EXPECT_EQ(rec.result.status, RunStatus::completed);

    auto phases = lines(opt.out_dir + "/phases.csv");
    // header + 2 phases × (2 meter channels + the built-in host/cpu_util and the one CPU that
    // cpu-1 pins its worker to)
    ASSERT_EQ(phases.size(), 9u);
    EXPECT_EQ(phases[0],
              "phase,load,device,channel,unit,mean,min,max,stddev,samples,coverage,start,end,"
              "flags,uncertainty,l10,l90");
    EXPECT_EQ(phases[1].rfind("idle,idle,meter,power,W,42,42,42,0,", 0), 0u) << phases[1];
    EXPECT_EQ(phases[3].rfind("idle,idle,host,cpu_util,%,", 0), 0u) << phases[3];
    EXPECT_EQ(phases[5].rfind("cpu-1,cpu,meter,power,W,42,", 0), 0u) << phases[5];

    ASSERT_EQ(rec.finished.size(), 2u);
    const auto& s = rec.finished[0].summaries[0];
    EXPECT_EQ(s.channel, "power");
    EXPECT_GT(s.samples, 0u);  // how many exactly: AWindowHoldsExactlyTheGridTicksItSpans

    const std::vector<std::string> expected_stages{":between",      "idle:warmup",  "idle:window",
                                                   "idle:between",  "cpu-1:warmup", "cpu-1:window",
                                                   "cpu-1:between", ":between"};
    EXPECT_EQ(rec.stages, expected_stages);

    auto samples = lines(opt.out_dir + "/samples.csv");
    EXPECT_EQ(samples[0], "time,elapsed_s,phase,stage,device,channel,value,unit,status");
    EXPECT_EQ(samples.size() - 1, rec.readings);
    std::ifstream mf(opt.out_dir + "/manifest.json");
    auto manifest = nlohmann::json::parse(mf);
    EXPECT_EQ(manifest["run"]["status"], "completed");
    EXPECT_EQ(manifest["phases"][1]["status"], "done");
    EXPECT_EQ(manifest["devices"][0]["identity"]["model"], "fake");
    EXPECT_FALSE(manifest["host"]["cpu_model"].is_null());
    EXPECT_FALSE(manifest["host"]["topology"]["cpus"].empty());
    EXPECT_EQ(manifest["devices"][1]["id"], "host");
    ASSERT_EQ(manifest["phases"][1]["cpus"].size(), 1u);
    EXPECT_EQ(manifest["phases"][1]["placement"], "spread");
    EXPECT_EQ(manifest["phases"][1]["target_cpu_util"], 100.0);
    EXPECT_TRUE(manifest["phases"][1]["achieved_cpu_util"].is_number());
    EXPECT_FALSE(manifest["phases"][0].contains("cpus"));
    fs::remove_all(opt.out_dir);
}

// The runner and the samplers of the meter and the built-in host device: the threads a step of
// the clock waits for.
constexpr std::size_t run_threads = 3;

// On the step clock a window lasts exactly its length: 300 ms at 20 ms is 15 grid ticks, each
// of them in the window, since its edges (105 ms, 405 ms) fall between ticks.
TEST(Engine, AWindowHoldsExactlyTheGridTicksItSpans) {
    auto registry = test_registry();
    tests::StepClock clock;
    Engine engine(registry, clock);
    Recorder rec;
    engine.add_observer(&rec);
    auto profile = make_profile(1);
    profile.phases[0].warmup = milliseconds(105);
    RunOptions opt;
    opt.out_dir = temp_dir("grid");
    ASSERT_FALSE(engine.prepare(profile, opt));
    const auto start = clock.now();
    engine.start();
    ASSERT_TRUE(clock.run_until([&] { return rec.ended.load(); }, run_threads));
    EXPECT_EQ(engine.wait().status, RunStatus::completed);
    EXPECT_EQ(clock.now() - start, milliseconds(405));

    ASSERT_EQ(rec.finished.size(), 1u);
    ASSERT_FALSE(rec.finished[0].summaries.empty());
    const auto& s = rec.finished[0].summaries[0];
    EXPECT_EQ(s.channel, "power");
    EXPECT_EQ(s.samples, 15u);
    EXPECT_EQ(s.invalid, 0u);
    EXPECT_DOUBLE_EQ(s.coverage, 1.0);
    std::size_t in_window = 0;
    for (const auto& row : lines(opt.out_dir + "/samples.csv")) {
        in_window += row.find(",idle,window,meter,power,42,W,ok") != std::string::npos;
    }
    EXPECT_EQ(in_window, 15u);
    fs::remove_all(opt.out_dir);
}

TEST(Engine, AbortMarksTheCurrentPhaseInterruptedAndKeepsFinishedOnes) {
    auto registry = test_registry();
    tests::StepClock clock;
    Engine engine(registry, clock);
    Recorder rec;
    engine.add_observer(&rec);
    RunOptions opt;
    opt.out_dir = temp_dir("abort");
    ASSERT_FALSE(engine.prepare(make_profile(3), opt));
    engine.start();
    ASSERT_TRUE(clock.run_until([&] { return rec.has_stage("cpu-1:warmup"); }, run_threads));
    engine.abort(2);
    ASSERT_TRUE(clock.run_until([&] { return rec.ended.load(); }, run_threads));
    auto result = engine.wait();
    EXPECT_EQ(result.status, RunStatus::interrupted);
    EXPECT_EQ(result.signal, 2);
    auto phases = lines(opt.out_dir + "/phases.csv");
    ASSERT_GE(phases.size(), 4u);  // idle only: 2 meter channels, then host rows
    for (std::size_t i = 1; i < phases.size(); ++i) {
        EXPECT_EQ(phases[i].rfind(i <= 2 ? "idle,idle,meter," : "idle,idle,host,", 0), 0u)
            << phases[i];
    }
    std::ifstream mf(opt.out_dir + "/manifest.json");
    auto manifest = nlohmann::json::parse(mf);
    EXPECT_EQ(manifest["run"]["status"], "interrupted");
    EXPECT_EQ(manifest["run"]["interrupted_phase"], "cpu-1");
    EXPECT_EQ(manifest["run"]["exit_code"], 130);
    EXPECT_EQ(manifest["phases"][0]["status"], "done");
    EXPECT_EQ(manifest["phases"][1]["status"], "interrupted");
    EXPECT_EQ(manifest["phases"][2]["status"], "pending");
    fs::remove_all(opt.out_dir);
}

TEST(Engine, SkipPhaseAndSkipWarmup) {
    auto registry = test_registry();
    tests::StepClock clock;
    Engine engine(registry, clock);
    Recorder rec;
    engine.add_observer(&rec);
    auto profile = make_profile(2);
    profile.phases[0].warmup = std::chrono::seconds(30);
    profile.phases[1].warmup = std::chrono::seconds(30);
    RunOptions opt;
    opt.out_dir = temp_dir("skip");
    ASSERT_FALSE(engine.prepare(profile, opt));
    const auto start = clock.now();
    engine.start();
    ASSERT_TRUE(clock.run_until([&] { return rec.has_stage("idle:warmup"); }, run_threads));
    engine.skip_phase();
    ASSERT_TRUE(clock.run_until([&] { return rec.has_stage("cpu-1:warmup"); }, run_threads));
    engine.skip_warmup();
    ASSERT_TRUE(clock.run_until([&] { return rec.ended.load(); }, run_threads));
    auto result = engine.wait();
    EXPECT_EQ(result.status, RunStatus::completed);
    // Neither 30 s warm-up was waited for: the run is cpu-1's window and nothing else.
    EXPECT_EQ(clock.now() - start, milliseconds(300));
    ASSERT_EQ(rec.finished.size(), 2u);
    EXPECT_EQ(rec.finished[0].status, PhaseStatus::skipped);
    EXPECT_EQ(rec.finished[1].status, PhaseStatus::done);
    fs::remove_all(opt.out_dir);
}

TEST(Engine, RefusesANonOptionalDeviceThatCannotOpenBeforeAnyLoad) {
    auto registry = test_registry();
    Engine engine(registry);
    auto profile = make_profile(1);
    profile.devices[0].options.set("fail_open", true);
    RunOptions opt;
    opt.out_dir = temp_dir("failopen");
    auto err = engine.prepare(profile, opt);
    ASSERT_TRUE(err);
    EXPECT_EQ(err->exit_code, 2);
    EXPECT_NE(err->message.find("device 'meter'"), std::string::npos) << err->message;
    EXPECT_NE(err->message.find("no such port"), std::string::npos) << err->message;
    EXPECT_FALSE(fs::exists(opt.out_dir));
}

TEST(Engine, AnOptionalDeviceThatCannotOpenLeavesUnavailableRows) {
    auto registry = test_registry();
    Engine engine(registry);
    Recorder rec;
    engine.add_observer(&rec);
    auto profile = make_profile(1);
    auto extra = profile.devices[0];
    extra.id = "slm";
    extra.optional = true;
    extra.options.set("fail_open", true);
    profile.devices.push_back(extra);
    RunOptions opt;
    opt.out_dir = temp_dir("optional");
    ASSERT_FALSE(engine.prepare(profile, opt));
    engine.start();
    engine.wait();
    auto phases = lines(opt.out_dir + "/phases.csv");
    ASSERT_EQ(phases.size(), 6u);  // + host/cpu_util; an idle-only run pins no CPU
    EXPECT_NE(phases[3].find("idle,idle,slm,power,W,,,,,0,0.0000,"), std::string::npos)
        << phases[3];
    auto events = lines(opt.out_dir + "/events.log");
    bool logged = false;
    for (const auto& e : events) {
        logged = logged || e.find("optional device 'slm'") != std::string::npos;
    }
    EXPECT_TRUE(logged);
    fs::remove_all(opt.out_dir);
}

// A stand-in for the `cpu` driver under the id `host`: every CPU reads 10 % busy, so a cpu phase
// always falls short of its target.
void add_idle_cpu_driver(drivers::api::Registry& r) {
    r.add({"idlecpu", "test device", "none", "idlecpu://",
           [](drivers::api::DeviceConfig&)
               -> std::variant<std::unique_ptr<drivers::api::Device>, drivers::api::DeviceError> {
               std::vector<drivers::api::ChannelSpec> channels{tests::channel("cpu_util", "%")};
               for (int c = 0; c < 256; ++c) {
                   channels.push_back(tests::channel("cpu" + std::to_string(c) + "_util", "%"));
               }
               const std::size_t n = channels.size();
               auto d = std::make_unique<tests::FakeDevice>(std::move(channels));
               d->on_poll = [n](auto) {
                   drivers::api::PollResult r;
                   for (std::size_t i = 0; i < n; ++i) {
                       r.readings.push_back({i, 10.0, drivers::api::Status::ok, {}});
                   }
                   return r;
               };
               return d;
           }});
}

TEST(Engine, ACpuPhaseShortOfItsTargetIsFlaggedAndLogged) {
    auto registry = test_registry();
    add_idle_cpu_driver(registry);
    Engine engine(registry);
    auto profile = make_profile(2);
    auto host = profile.devices[0];
    host.id = "host";
    host.driver = "idlecpu";
    host.connection = "idlecpu://";
    profile.devices.push_back(host);
    RunOptions opt;
    opt.out_dir = temp_dir("short");
    ASSERT_FALSE(engine.prepare(profile, opt));
    engine.start();
    EXPECT_EQ(engine.wait().status, RunStatus::completed);

    for (const auto& row : lines(opt.out_dir + "/phases.csv")) {
        if (row.rfind("idle,", 0) == 0) {
            EXPECT_EQ(row.back(), ',') << row;  // idle has no target: never flagged
        } else if (row.rfind("cpu-1,", 0) == 0) {
            EXPECT_NE(row.find(",load_short"), std::string::npos) << row;
        }
    }
    std::ifstream mf(opt.out_dir + "/manifest.json");
    const auto manifest = nlohmann::json::parse(mf);
    EXPECT_EQ(manifest["phases"][1]["flags"], nlohmann::json::array({"load_short"}));
    EXPECT_EQ(manifest["phases"][1]["achieved_cpu_util"], 10.0);
    EXPECT_EQ(manifest["devices"].size(), 2u);  // no second host device added
    bool warned = false;
    for (const auto& e : lines(opt.out_dir + "/events.log")) {
        warned = warned || (e.find("WARN") != std::string::npos &&
                            e.find("phase 'cpu-1': achieved CPU load 10.0 %") != std::string::npos);
    }
    EXPECT_TRUE(warned);
    fs::remove_all(opt.out_dir);
}

TEST(Engine, ADiskPhaseRecordsItsWriteRateAndLeavesNoFiles) {
    auto registry = test_registry();
    Engine engine(registry);
    auto profile = make_profile(1);
    profile.phases[0].name = "disk";
    profile.phases[0].load = profile::LoadKind::disk;
    profile.phases[0].load_options = {{"file_size", std::string("256KiB")},
                                      {"max_space", std::string("1MiB")},
                                      {"sync", std::string("none")}};
    RunOptions opt;
    opt.out_dir = temp_dir("disk");
    ASSERT_FALSE(engine.prepare(profile, opt));
    engine.start();
    EXPECT_EQ(engine.wait().status, RunStatus::completed);
    bool found = false;
    for (const auto& row : lines(opt.out_dir + "/phases.csv")) {
        if (row.rfind("disk,disk,host,disk_write,MB/s,", 0) == 0) {
            found = true;
            EXPECT_NE(row.rfind("disk,disk,host,disk_write,MB/s,0,", 0), 0u) << row;
        }
    }
    EXPECT_TRUE(found);
    EXPECT_FALSE(fs::exists(opt.out_dir + "/wattbench-disk"));
    fs::remove_all(opt.out_dir);
}

TEST(Engine, AnAbortedDiskPhaseRemovesItsFiles) {
    auto registry = test_registry();
    Engine engine(registry);
    auto profile = make_profile(1);
    profile.phases[0].load = profile::LoadKind::disk;
    profile.phases[0].warmup = std::chrono::seconds(30);
    profile.phases[0].load_options = {{"file_size", std::string("256KiB")},
                                      {"max_space", std::string("1MiB")},
                                      {"sync", std::string("none")}};
    RunOptions opt;
    opt.out_dir = temp_dir("diskabort");
    ASSERT_FALSE(engine.prepare(profile, opt));
    engine.start();
    for (int i = 0; i < 500 && !fs::exists(opt.out_dir + "/wattbench-disk"); ++i) {
        std::this_thread::sleep_for(milliseconds(5));
    }
    EXPECT_TRUE(fs::exists(opt.out_dir + "/wattbench-disk"));
    engine.abort(2);
    EXPECT_EQ(engine.wait().status, RunStatus::interrupted);
    EXPECT_FALSE(fs::exists(opt.out_dir + "/wattbench-disk"));
    fs::remove_all(opt.out_dir);
}

TEST(Engine, RefusesNonEmptyOutputWithoutForce) {
    auto registry = test_registry();
    RunOptions opt;
    opt.out_dir = temp_dir("nonempty");
    fs::create_directories(opt.out_dir);
    std::ofstream(opt.out_dir + "/keep.txt") << "x";
    {
        Engine engine(registry);
        auto err = engine.prepare(make_profile(1), opt);
        ASSERT_TRUE(err);
        EXPECT_NE(err->message.find("not empty"), std::string::npos);
    }
    EXPECT_TRUE(fs::exists(opt.out_dir + "/keep.txt"));
    fs::remove_all(opt.out_dir);
}

TEST(Manifest, RedactsPasswordsInConnections) {
    EXPECT_EQ(redact_connection("ipmi+lan://admin:secret@192.0.2.10:623"),
              "ipmi+lan://admin@192.0.2.10:623");
    EXPECT_EQ(redact_connection("ipmi+lan://admin@192.0.2.10"), "ipmi+lan://admin@192.0.2.10");
    EXPECT_EQ(redact_connection("serial:///dev/ttyUSB0?baud=9600"),
              "serial:///dev/ttyUSB0?baud=9600");
    EXPECT_EQ(redact_connection("tcp://h:1/x@y"), "tcp://h:1/x@y");
}

}  // namespace
}  // namespace wattbench::core::engine
