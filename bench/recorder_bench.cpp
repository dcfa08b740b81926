// How fast the recorders eat samples. The bar: samples.csv must take at least 1,000,000 rows/s
// on one core, with no heap allocation per row; the statistics must not be the bottleneck.
//
//   build/bench/recorder_bench [--benchmark_filter=...]
//
// `items_per_second` is rows (or adds) per second; `allocs_per_row` counts operator new calls
// per row over the timed loop.

#include <benchmark/benchmark.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <string>

#include "app/core/record/catalog.hpp"
#include "app/core/record/sample.hpp"
#include "app/core/record/samples_csv_writer.hpp"
#include "app/core/record/utc_ms_formatter.hpp"
#include "app/core/stats/window_accumulator.hpp"

namespace {

std::atomic<std::uint64_t> g_allocations{0};

}  // namespace

void* operator new(std::size_t size) {
    g_allocations.fetch_add(1, std::memory_order_relaxed);
    if (void* p = std::malloc(size == 0 ? 1 : size)) {
        return p;
    }
    throw std::bad_alloc();
}

// GCC cannot see that operator new above is the malloc it pairs with.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void operator delete(void* p) noexcept {
    std::free(p);
}

void operator delete(void* p, std::size_t) noexcept {
    std::free(p);
}
#pragma GCC diagnostic pop

namespace {

using namespace wattbench::core;
using drivers_status = wattbench::drivers::api::Status;
using wattbench::drivers::api::ChannelSpec;
using wattbench::drivers::api::Quantity;

ChannelSpec spec(std::string name, Quantity quantity, std::string unit,
                 std::vector<std::string> states = {}) {
    ChannelSpec s;
    s.name = std::move(name);
    s.quantity = quantity;
    s.unit = std::move(unit);
    s.states = std::move(states);
    return s;
}

// A review rig: wattmeter (7 channels), BMC (a few sensors and one discrete), sound meter.
record::Catalog rig() {
    record::Catalog c;
    record::DeviceChannels wm;
    wm.device_id = "wattmeter";
    wm.channels = {spec("power", Quantity::power, "W"),
                   spec("apparent_power", Quantity::apparent_power, "VA"),
                   spec("power_factor", Quantity::power_factor, "1"),
                   spec("voltage", Quantity::voltage, "V"),
                   spec("current", Quantity::current, "A"),
                   spec("frequency", Quantity::frequency, "Hz"),
                   spec("energy", Quantity::energy, "Wh")};
    record::DeviceChannels bmc;
    bmc.device_id = "bmc";
    bmc.channels = {spec("system_temp", Quantity::temperature, "degC"),
                    spec("fan1", Quantity::fan, "RPM"), spec("vcore", Quantity::voltage, "V"),
                    spec("cpu_temp", Quantity::state, "state", {"Low", "Medium", "High"})};
    record::DeviceChannels slm;
    slm.device_id = "slm";
    slm.channels = {spec("spl", Quantity::sound, "dBA")};
    c.devices = {wm, bmc, slm};
    c.phase_names = {"idle", "cpu-1", "cpu-2", "disk", "model"};
    c.phase_loads = {"idle", "cpu", "cpu", "disk", "command"};
    return c;
}

// 1024 realistic rows, replayed with advancing time: mostly numeric readings with many
// significant digits, every 12th a discrete state, every 50th unavailable.
std::vector<record::Sample> rows(const record::Catalog& c) {
    std::vector<record::Sample> out;
    const auto utc0 = std::chrono::system_clock::time_point{} + std::chrono::seconds(1'795'000'000);
    std::uint32_t device = 0;
    std::uint32_t channel = 0;
    for (int i = 0; i < 1024; ++i) {
        record::Sample s;
        s.utc = utc0 + std::chrono::milliseconds(i);
        s.mono = std::chrono::steady_clock::time_point{} + std::chrono::milliseconds(i);
        s.elapsed_s = 1234.0 + i * 0.001;
        s.device = device;
        s.channel = channel;
        s.phase = 1;
        s.stage = phases::Stage::window;
        const auto& spec = c.channel(device, channel);
        if (spec.discrete()) {
            s.text = spec.states[static_cast<std::size_t>(i) % spec.states.size()];
        } else {
            s.value = 100.0 + i * 0.0137 + 1.0 / (i + 3);
        }
        if (i % 50 == 49) {
            s.status = drivers_status::unavailable;
        }
        if (++channel == c.devices[device].channels.size()) {
            channel = 0;
            device = (device + 1) % static_cast<std::uint32_t>(c.devices.size());
        }
        out.push_back(std::move(s));
    }
    return out;
}

void run_writer(benchmark::State& state, const std::string& path) {
    const auto catalog = rig();
    auto samples = rows(catalog);
    record::SamplesCsvWriter writer(path, catalog);
    std::size_t i = 0;
    std::int64_t shift = 0;
    const std::uint64_t allocations_before = g_allocations.load();
    for (auto _ : state) {
        record::Sample& s = samples[i];
        writer.write(s);
        if (++i == samples.size()) {
            // Move time on so the cached second keeps changing as in a real run.
            i = 0;
            ++shift;
            for (auto& r : samples) {
                r.utc += std::chrono::milliseconds(1024);
                r.elapsed_s += 1.024;
            }
        }
    }
    writer.flush();
    const std::uint64_t allocations = g_allocations.load() - allocations_before;
    state.SetItemsProcessed(state.iterations());
    state.counters["allocs_per_row"] =
        static_cast<double>(allocations) / static_cast<double>(state.iterations());
    benchmark::DoNotOptimize(shift);
}

void BM_SamplesCsvWriter_TmpFile(benchmark::State& state) {
    const std::string path = "/tmp/wattbench_bench_samples_" + std::to_string(::getpid()) + ".csv";
    run_writer(state, path);
    ::unlink(path.c_str());
}
BENCHMARK(BM_SamplesCsvWriter_TmpFile)->MinTime(2.0);

void BM_SamplesCsvWriter_DevNull(benchmark::State& state) {
    run_writer(state, "/dev/null");
}
BENCHMARK(BM_SamplesCsvWriter_DevNull)->MinTime(2.0);

void BM_UtcMsFormatter(benchmark::State& state) {
    record::UtcMsFormatter f;
    auto t = std::chrono::system_clock::time_point{} + std::chrono::seconds(1'795'000'000);
    for (auto _ : state) {
        benchmark::DoNotOptimize(f.format(t).data());
        t += std::chrono::microseconds(250);
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_UtcMsFormatter);

void BM_WindowAccumulator_Add(benchmark::State& state) {
    const auto catalog = rig();
    auto samples = rows(catalog);
    stats::WindowAccumulator acc(catalog, 1);
    acc.open(samples.front().utc, samples.front().mono);
    std::size_t i = 0;
    const std::uint64_t allocations_before = g_allocations.load();
    for (auto _ : state) {
        acc.add(samples[i]);
        if (++i == samples.size()) {
            i = 0;
            for (auto& r : samples) {
                r.mono += std::chrono::milliseconds(1024);
            }
        }
    }
    const std::uint64_t allocations = g_allocations.load() - allocations_before;
    const auto summary = acc.close(samples.back().utc, samples.back().mono);
    benchmark::DoNotOptimize(summary.data());
    state.SetItemsProcessed(state.iterations());
    state.counters["allocs_per_add"] =
        static_cast<double>(allocations) / static_cast<double>(state.iterations());
}
BENCHMARK(BM_WindowAccumulator_Add);

}  // namespace

BENCHMARK_MAIN();
