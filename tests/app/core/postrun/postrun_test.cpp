#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <thread>

#include "app/core/engine/engine.hpp"
#include "app/core/postrun/phase_recompute.hpp"
#include "app/core/postrun/run_info.hpp"
#include "app/core/rundir/phases_csv_reader.hpp"
#include "app/core/stats/counter_windows.hpp"
#include "drivers/manual/register.hpp"
#include "tests/support/fake_device.hpp"

namespace wattbench::core::postrun {
namespace {

namespace fs = std::filesystem;
using stats::CounterWindows;
using std::chrono::milliseconds;
using std::chrono::seconds;

record::Catalog counter_catalog(std::string unit, std::optional<double> accuracy) {
    record::Catalog c;
    c.phase_names = {"idle"};
    c.phase_loads = {"idle"};
    record::DeviceChannels d;
    d.device_id = "ec3000";
    d.driver = "manual";
    d.interval = std::chrono::nanoseconds{0};
    drivers::api::ChannelSpec energy;
    energy.name = "energy";
    energy.quantity = drivers::api::Quantity::energy;
    energy.unit = std::move(unit);
    drivers::api::ChannelSpec power;
    power.name = "power";
    power.quantity = drivers::api::Quantity::power;
    power.unit = "W";
    if (accuracy) {
        power.accuracy = drivers::api::Accuracy{*accuracy, 0.0, 0.0};
    }
    d.channels = {energy, power};
    c.devices.push_back(d);
    return c;
}

record::Sample reading(double value, std::chrono::seconds at) {
    record::Sample s;
    s.mono = std::chrono::steady_clock::time_point(at);
    s.utc = std::chrono::system_clock::time_point(at);
    s.phase = 0;
    s.stage = phases::Stage::window;
    s.value = value;
    return s;
}

stats::ChannelSummary power_row(const record::Catalog& c, const std::vector<record::Sample>& in) {
    stats::WindowAccumulator acc(c, 0);
    acc.open({}, std::chrono::steady_clock::time_point{});
    CounterWindows counters(c);
    for (const auto& s : in) {
        acc.add(s);
        counters.add(s);
    }
    counters.feed(acc, 0);
    return acc.close(std::chrono::system_clock::time_point(seconds(600)),
                     std::chrono::steady_clock::time_point(seconds(600)))[1];
}

TEST(CounterWindows, MeanPowerIsDeltaEOverDeltaTWithTheStatedAccuracy) {
    const auto c = counter_catalog("kWh", 0.01);
    // 12.5 Wh over 450 s between the answers: 100 W.
    const auto row = power_row(c, {reading(1234.5, seconds(60)), reading(1234.5125, seconds(510))});
    EXPECT_NEAR(row.mean, 100.0, 1e-8);  // 1234.5125 kWh is not exact in binary
    EXPECT_EQ(row.samples, 1u);
    EXPECT_DOUBLE_EQ(row.coverage, 1.0);
    EXPECT_DOUBLE_EQ(row.uncertainty, 0.01);
    EXPECT_EQ(row.flags, "");
}

TEST(CounterWindows, WattHourCountersAndMiddleReadings) {
    const auto c = counter_catalog("Wh", 0.02);
    // Only the first and last reading count: (2000 − 1000) Wh over 3600 s.
    const auto row = power_row(
        c, {reading(1000, seconds(0)), reading(1700, seconds(100)), reading(2000, seconds(3600))});
    EXPECT_DOUBLE_EQ(row.mean, 1000.0);
    EXPECT_DOUBLE_EQ(row.uncertainty, 0.02);
    EXPECT_EQ(row.flags, "uncertainty_high");  // above SPEC's 1 %
}

TEST(CounterWindows, NoFigureFromOneReadingOrACounterGoingBackwards) {
    const auto c = counter_catalog("kWh", 0.01);
    EXPECT_EQ(power_row(c, {reading(5, seconds(0))}).samples, 0u);
    EXPECT_EQ(power_row(c, {reading(5, seconds(0)), reading(4.9, seconds(60))}).samples, 0u);
    EXPECT_TRUE(std::isnan(power_row(c, {}).mean));
}

TEST(CounterWindows, DevicesOnAGridAreNotCounters) {
    auto c = counter_catalog("kWh", 0.01);
    c.devices[0].interval = seconds(1);
    EXPECT_TRUE(CounterWindows(c).empty());
    EXPECT_FALSE(CounterWindows(counter_catalog("kWh", std::nullopt)).empty());
    EXPECT_TRUE(CounterWindows(counter_catalog("MJ", std::nullopt)).empty());
}

// A live run through the engine, then the same statistics from its files.
struct Operator final : engine::Observer {
    explicit Operator(engine::Engine& e) : engine(e) {}
    void on_prompt(const engine::PromptRequest& r) override {
        const double v = 500.0 + 0.001 * static_cast<double>(++answered);
        threads.emplace_back([this, id = r.id, v] {
            std::this_thread::sleep_for(milliseconds(30));
            engine.answer_prompt(id, v);
        });
    }
    ~Operator() override {
        for (auto& t : threads) {
            t.join();
        }
    }
    engine::Engine& engine;
    int answered = 0;
    std::vector<std::thread> threads;
};

TEST(PhaseRecompute, GivesTheLiveEnginesFiguresFromTheRunFiles) {
    drivers::api::Registry reg;
    reg.add(
        {"fake", "test", "none", "fake://",
         [](drivers::api::DeviceConfig&)
             -> std::variant<std::unique_ptr<drivers::api::Device>, drivers::api::DeviceError> {
             auto ch = tests::channel("power");
             ch.accuracy = drivers::api::Accuracy{0.001, 0.001, 200.0};
             auto d = std::make_unique<tests::FakeDevice>(
                 std::vector{ch, tests::channel("voltage", "V")});
             d->on_poll = [n = 0](auto) mutable {
                 drivers::api::PollResult r;
                 ++n;
                 r.readings.push_back({0, 100.0 + (n % 7) * 0.37, drivers::api::Status::ok, {}});
                 r.readings.push_back(
                     {1,
                      230.0,
                      n % 5 == 0 ? drivers::api::Status::unavailable : drivers::api::Status::ok,
                      {}});
                 return r;
             };
             return d;
         }});
    reg.add(drivers::manual::driver_info());
    profile::Profile p;
    p.path = "recompute.toml";
    p.run.name = "recompute";
    p.run.interval = milliseconds(50);
    profile::DeviceSettings d;
    d.id = "meter";
    d.driver = "fake";
    d.interval = milliseconds(50);
    p.devices.push_back(d);
    profile::DeviceSettings m;
    m.id = "ec3000";
    m.driver = "manual";
    m.options.set("accuracy", 1.0);
    p.devices.push_back(m);
    for (const char* name : {"idle", "cpu-1"}) {
        profile::PhaseSettings ph;
        ph.name = name;
        ph.load = std::string(name) == "idle" ? profile::LoadKind::idle : profile::LoadKind::cpu;
        ph.workers = 1;
        ph.warmup = milliseconds(100);
        ph.window = milliseconds(700);
        p.phases.push_back(ph);
    }
    // Stricter than the 1 % default, so the recompute must take the run's limit to match.
    p.run.uncertainty_limit = 0.005;
    engine::Engine engine(reg);
    Operator op(engine);
    engine.add_observer(&op);
    engine::RunOptions opt;
    opt.out_dir =
        (fs::temp_directory_path() / ("wb-recompute-" + std::to_string(::getpid()))).string();
    fs::remove_all(opt.out_dir);
    ASSERT_FALSE(engine.prepare(p, opt));
    engine.start();
    ASSERT_EQ(engine.wait().status, engine::RunStatus::completed);

    auto live = std::get<std::vector<stats::ChannelSummary>>(
        rundir::read_phases_csv(opt.out_dir + "/phases.csv"));
    auto info = read_run_info(opt.out_dir);
    ASSERT_TRUE(std::holds_alternative<RunInfo>(info)) << std::get<std::string>(info);
    auto again = recompute_phases(std::get<RunInfo>(info));
    ASSERT_TRUE((std::holds_alternative<std::vector<stats::ChannelSummary>>(again)))
        << std::get<std::string>(again);
    const auto& rows = std::get<std::vector<stats::ChannelSummary>>(again);
    ASSERT_EQ(rows.size(), live.size());
    auto same = [](double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; };
    int power_rows = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        SCOPED_TRACE(live[i].phase + " " + live[i].device + "/" + live[i].channel);
        EXPECT_EQ(rows[i].phase, live[i].phase);
        EXPECT_EQ(rows[i].device, live[i].device);
        EXPECT_EQ(rows[i].channel, live[i].channel);
        EXPECT_TRUE(same(rows[i].mean, live[i].mean)) << rows[i].mean << " " << live[i].mean;
        EXPECT_TRUE(same(rows[i].min, live[i].min));
        EXPECT_TRUE(same(rows[i].max, live[i].max));
        EXPECT_TRUE(same(rows[i].stddev, live[i].stddev));
        EXPECT_EQ(rows[i].samples, live[i].samples);
        EXPECT_NEAR(rows[i].coverage, live[i].coverage, 0.07);
        // phases.csv keeps six decimals of the uncertainty.
        EXPECT_TRUE(same(rows[i].uncertainty, live[i].uncertainty) ||
                    std::fabs(rows[i].uncertainty - live[i].uncertainty) <= 5e-7)
            << rows[i].uncertainty << " " << live[i].uncertainty;
        EXPECT_EQ(rows[i].flags, live[i].flags);
        EXPECT_EQ(rows[i].start, live[i].start);
        EXPECT_EQ(rows[i].end, live[i].end);
        power_rows += live[i].channel == "power" && !std::isnan(live[i].uncertainty);
        if (live[i].device == "ec3000" && live[i].channel == "power") {
            EXPECT_NE(rows[i].flags.find("uncertainty_high"), std::string::npos);
        }
    }
    EXPECT_EQ(power_rows, 4);  // meter and ec3000 in both phases carry an uncertainty
    fs::remove_all(opt.out_dir);
}

TEST(RunInfo, StageAtFollowsTheWindows) {
    RunInfo run;
    const auto t0 = std::chrono::system_clock::time_point(seconds(1000));
    run.started = t0;
    run.ended = t0 + seconds(100);
    PhaseInfo a{"idle", "idle", "done", 10.0, t0 + seconds(10), t0 + seconds(40), {}};
    PhaseInfo b{"cpu-1", "cpu", "done", 10.0, t0 + seconds(45), t0 + seconds(80), {}};
    run.phases = {a, b};
    EXPECT_EQ(run.stage_at(t0), (std::pair<std::int32_t, std::string>{0, "warmup"}));
    EXPECT_EQ(run.stage_at(t0 + seconds(10)), (std::pair<std::int32_t, std::string>{0, "window"}));
    EXPECT_EQ(run.stage_at(t0 + seconds(40)), (std::pair<std::int32_t, std::string>{1, "warmup"}));
    EXPECT_EQ(run.stage_at(t0 + seconds(79)), (std::pair<std::int32_t, std::string>{1, "window"}));
    EXPECT_EQ(run.stage_at(t0 + seconds(90)), (std::pair<std::int32_t, std::string>{1, "between"}));
    run.phases[0].warmup_s = 2.0;
    EXPECT_EQ(run.stage_at(t0 + seconds(1)), (std::pair<std::int32_t, std::string>{-1, "between"}));
}

}  // namespace
}  // namespace wattbench::core::postrun
