// Resident memory of a 24 h run at 10 Hz on the three sim devices, on an accelerated clock:
// statistics and queues are streaming, so memory after a day must match memory after a minute.
//
// usage: memory_bench [SIMULATED_HOURS=24] [SPEEDUP=1000]
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include <fmt/format.h>

#include "app/core/engine/engine.hpp"
#include "bench/scaled_clock.hpp"
#include "drivers/builtin_registry.hpp"

namespace {

using namespace wattbench;

long rss_kib() {
    std::ifstream in("/proc/self/statm");
    long pages_total = 0, pages_resident = 0;
    in >> pages_total >> pages_resident;
    return pages_resident * sysconf(_SC_PAGESIZE) / 1024;
}

struct RssProbe final : core::engine::Observer {
    void on_readings(std::span<const core::record::Sample> samples) override {
        if (samples.empty()) {
            return;
        }
        rows += samples.size();
        const double t = samples.back().elapsed_s;
        if (rss_at_minute < 0 && t >= 60.0) {
            rss_at_minute = rss_kib();
        }
        if (t >= next_report) {
            fmt::print(stderr, "  simulated {:5.1f} h  rss {} KiB  rows {}\n", t / 3600.0,
                       rss_kib(), rows.load());
            next_report += 3600.0 * 4;
        }
    }
    std::atomic<long> rss_at_minute{-1};
    std::atomic<std::uint64_t> rows{0};
    double next_report = 3600.0;
};

}  // namespace

int main(int argc, char** argv) {
    const double hours = argc > 1 ? std::stod(argv[1]) : 24.0;
    const double speedup = argc > 2 ? std::stod(argv[2]) : 1000.0;
    const auto dir = std::filesystem::temp_directory_path() / fmt::format("wb-memory-{}", getpid());

    core::profile::Profile p;
    p.path = "memory_bench";
    p.run.name = "memory";
    p.run.interval = std::chrono::milliseconds(100);
    for (const char* kind : {"wattmeter", "bmc", "sound"}) {
        core::profile::DeviceSettings d;
        d.id = kind;
        d.driver = "sim";
        d.connection = fmt::format("sim://{}", kind);
        d.interval = p.run.interval;
        d.options.set("seed", std::int64_t{1});
        p.devices.push_back(d);
    }
    core::profile::PhaseSettings phase;
    phase.name = "idle";
    phase.warmup = std::chrono::seconds(0);
    phase.window = std::chrono::duration_cast<std::chrono::nanoseconds>(
        std::chrono::duration<double, std::ratio<3600>>(hours));
    p.phases.push_back(phase);

    bench::ScaledClock clock(speedup);
    core::engine::Engine engine(drivers::builtin_registry(), clock);
    RssProbe probe;
    engine.add_observer(&probe);
    core::engine::RunOptions opt;
    opt.out_dir = dir.string();
    if (auto err = engine.prepare(p, opt)) {
        fmt::print(stderr, "memory_bench: {}\n", err->message);
        return 1;
    }
    fmt::print(stderr, "memory_bench: {} h at 10 Hz, 3 sim devices, clock ×{}\n", hours, speedup);
    engine.start();
    engine.wait();
    const long end = rss_kib();
    const long minute = probe.rss_at_minute.load();
    fmt::print("rows {}  rss after 1 min {} KiB  after {} h {} KiB  growth {:+.1f} %\n",
               probe.rows.load(), minute, hours, end,
               100.0 * static_cast<double>(end - minute) / static_cast<double>(minute));
    std::filesystem::remove_all(dir);
    return 0;
}
