// How fast loads start and stop, and what the load controller costs beside its workers.
//
// 1. Transitions, each repeated: cpu (start() until every worker thread has been on a CPU for
//    1 ms, from /proc/self/task/*/schedstat; stop() until all are joined), disk (start() until
//    the first bytes are written; stop() until the writer is joined and its files removed),
//    command (start() until the command runs, i.e. /proc/<pid>/comm shows it; stop() until
//    its process group is gone).
// 2. Controller CPU: the real engine with the three sim devices at 1 Hz through an idle, a
//    cpu (all logical CPUs), a disk and a command phase; per phase, the CPU time of every
//    thread of this process except the load's own workers (wb-cpu*, wb-disk) over the window,
//    in % of one core.
//
// usage: load_transition_bench [REPEATS=20] [WINDOW_SECONDS=20]
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "app/core/engine/engine.hpp"
#include "app/core/load/command_load.hpp"
#include "app/core/load/cpu_load.hpp"
#include "app/core/load/cpu_placement.hpp"
#include "app/core/load/cpu_topology.hpp"
#include "app/core/load/disk_load.hpp"
#include "drivers/builtin_registry.hpp"
#include "drivers/transport/sysfs_file.hpp"

namespace {

using namespace wattbench;
using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;

std::string read_text(const std::string& path) {
    auto r = drivers::transport::read_file(path);
    return std::holds_alternative<std::string>(r) ? std::get<std::string>(r) : std::string();
}

struct ThreadTime {
    std::string name;
    std::uint64_t ns = 0;  // on a CPU so far
};

// Every thread of this process: its name and schedstat run time (nanosecond resolution, where
// /proc/<pid>/stat counts 10 ms ticks).
std::map<int, ThreadTime> thread_times() {
    std::map<int, ThreadTime> out;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator("/proc/self/task", ec)) {
        const int tid = std::atoi(e.path().filename().c_str());
        std::string name = read_text(e.path().string() + "/comm");
        while (!name.empty() && name.back() == '\n') {
            name.pop_back();
        }
        const std::string sched = read_text(e.path().string() + "/schedstat");
        out[tid] = {name, std::strtoull(sched.c_str(), nullptr, 10)};
    }
    return out;
}

bool is_worker(const std::string& name) {
    return name.rfind("wb-cpu", 0) == 0 || name == "wb-disk";
}

double ms_since(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

struct Series {
    std::vector<double> ms;
    void add(double v) { ms.push_back(v); }
    std::string summary() {
        if (ms.empty()) {
            return "-";
        }
        std::sort(ms.begin(), ms.end());
        return fmt::format("median {:7.2f} ms  max {:7.2f} ms", ms[ms.size() / 2], ms.back());
    }
};

void print_row(const std::string& label, Series& start, Series& stop) {
    fmt::print("{:<22}start {}\n{:<22}stop  {}\n", label, start.summary(), "", stop.summary());
}

template <typename Pred>
bool wait_until(Pred ready, std::chrono::milliseconds limit = std::chrono::seconds(10)) {
    const auto end = Clock::now() + limit;
    while (!ready()) {
        if (Clock::now() > end) {
            return false;
        }
        std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    return true;
}

void cpu_transitions(int repeats) {
    const auto topo = core::load::read_cpu_topology();
    const unsigned n = std::max<unsigned>(1, static_cast<unsigned>(topo.cpus.size()));
    Series start, stop;
    for (int r = 0; r < repeats; ++r) {
        core::load::CpuLoadSettings s;
        s.workers = n;
        s.cpus = core::load::place_workers(topo, n, core::profile::Placement::spread);
        core::load::CpuLoad load(s);
        const auto t0 = Clock::now();
        load.start();
        const bool ok = wait_until([&] {
            unsigned running = 0;
            for (const auto& [tid, t] : thread_times()) {
                running += t.name.rfind("wb-cpu", 0) == 0 && t.ns >= 1'000'000 ? 1 : 0;
            }
            return running >= n;
        });
        if (ok) {
            start.add(ms_since(t0));
        }
        const auto t1 = Clock::now();
        load.stop();
        stop.add(ms_since(t1));
    }
    print_row(fmt::format("cpu ({} workers)", n), start, stop);
}

void disk_transitions(int repeats, const fs::path& dir) {
    Series start, stop;
    for (int r = 0; r < repeats; ++r) {
        core::load::DiskLoadSettings s;
        s.path = (dir / fmt::format("disk-{}", r)).string();
        s.file_size = 64ull << 20;
        s.sync = core::load::DiskSync::fsync;
        s.max_space = 256ull << 20;
        core::load::DiskLoad load(s);
        const auto t0 = Clock::now();
        if (auto err = load.start()) {
            fmt::print(stderr, "disk load: {}\n", *err);
            return;
        }
        if (wait_until([&] { return load.bytes_written() > 0; })) {
            start.add(ms_since(t0));
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        const auto t1 = Clock::now();
        load.stop();
        stop.add(ms_since(t1));
    }
    print_row("disk (fsync, 64 MiB)", start, stop);
}

void command_transitions(int repeats, const fs::path& dir) {
    Series start, stop;
    for (int r = 0; r < repeats; ++r) {
        core::load::CommandLoadSettings s;
        s.command = {"sleep", "600"};
        s.log_path = (dir / "command.log").string();
        core::load::CommandLoad load(s);
        const auto t0 = Clock::now();
        if (auto err = load.start()) {
            fmt::print(stderr, "command load: {}\n", *err);
            return;
        }
        if (wait_until([&] {
                const pid_t pg = load.process_group();
                return pg > 0 && read_text(fmt::format("/proc/{}/comm", pg)) == "sleep\n";
            })) {
            start.add(ms_since(t0));
        }
        const auto t1 = Clock::now();
        load.stop();
        stop.add(ms_since(t1));
    }
    print_row("command (sleep)", start, stop);
}

// Snapshots of every thread at each window's open and close; the difference is what the
// process spent, split into the load's workers and everything else.
struct WindowProbe final : core::engine::Observer {
    void on_stage(const core::engine::StageChange& c) override {
        if (c.phase < 0) {
            return;
        }
        std::lock_guard lock(m);
        if (c.stage == core::phases::Stage::window) {
            open = thread_times();
            opened = Clock::now();
            phase = c.phase_name;
        } else if (c.stage == core::phases::Stage::between && !phase.empty()) {
            const auto closed = thread_times();
            const double wall = std::chrono::duration<double>(Clock::now() - opened).count();
            std::uint64_t workers = 0;
            std::uint64_t others = 0;
            std::map<std::string, std::uint64_t> by_name;
            for (const auto& [tid, t] : closed) {
                const auto it = open.find(tid);
                const std::uint64_t before = it != open.end() ? it->second.ns : 0;
                const std::uint64_t used = t.ns > before ? t.ns - before : 0;
                (is_worker(t.name) ? workers : others) += used;
                if (!is_worker(t.name)) {
                    by_name[t.name] += used;
                }
            }
            std::string threads;
            for (const auto& [name, ns] : by_name) {
                if (ns >= 1'000'000) {
                    threads += fmt::format(" {} {:.0f} ms", name, static_cast<double>(ns) / 1e6);
                }
            }
            rows.push_back(fmt::format("{:<10} window {:5.1f} s  controller {:6.3f} % of a core  "
                                       "workers {:6.1f} %",
                                       phase, wall,
                                       100.0 * static_cast<double>(others) / 1e9 / wall,
                                       100.0 * static_cast<double>(workers) / 1e9 / wall) +
                           (threads.empty() ? "" : "\n           threads:" + threads));
            phase.clear();
        }
    }
    std::mutex m;
    std::map<int, ThreadTime> open;
    Clock::time_point opened;
    std::string phase;
    std::vector<std::string> rows;
};

void controller_cpu(double window_s, const fs::path& dir) {
    core::profile::Profile p;
    p.path = "load_transition_bench";
    p.run.name = "controller";
    p.run.interval = std::chrono::seconds(1);
    for (const char* kind : {"wattmeter", "bmc", "sound"}) {
        core::profile::DeviceSettings d;
        d.id = kind;
        d.driver = "sim";
        d.connection = fmt::format("sim://{}", kind);
        d.interval = p.run.interval;
        p.devices.push_back(d);
    }
    const auto window = std::chrono::duration_cast<std::chrono::nanoseconds>(
        std::chrono::duration<double>(window_s));
    auto phase = [&](const char* name, core::profile::LoadKind load) {
        core::profile::PhaseSettings ph;
        ph.name = name;
        ph.load = load;
        ph.warmup = std::chrono::seconds(2);
        ph.window = window;
        return ph;
    };
    p.phases.push_back(phase("idle", core::profile::LoadKind::idle));
    auto cpu = phase("cpu-all", core::profile::LoadKind::cpu);
    cpu.workers = std::max(1u, std::thread::hardware_concurrency());
    p.phases.push_back(cpu);
    auto disk = phase("disk", core::profile::LoadKind::disk);
    disk.load_options["file_size"] = std::string("256MiB");
    disk.load_options["max_space"] = std::string("1GiB");
    p.phases.push_back(disk);
    auto command = phase("command", core::profile::LoadKind::command);
    command.command = {"sleep", "600"};
    p.phases.push_back(command);

    core::engine::Engine engine(drivers::builtin_registry());
    WindowProbe probe;
    engine.add_observer(&probe);
    core::engine::RunOptions opt;
    opt.out_dir = (dir / "run").string();
    if (auto err = engine.prepare(std::move(p), opt)) {
        fmt::print(stderr, "engine: {}\n", err->message);
        return;
    }
    engine.start();
    engine.wait();
    std::lock_guard lock(probe.m);
    for (const auto& r : probe.rows) {
        fmt::print("{}\n", r);
    }
}

}  // namespace

int main(int argc, char** argv) {
    const int repeats = argc > 1 ? std::max(1, std::atoi(argv[1])) : 20;
    const double window_s = argc > 2 ? std::max(1.0, std::atof(argv[2])) : 20.0;
    const auto dir = fs::temp_directory_path() / fmt::format("wb-transition-{}", getpid());
    fs::create_directories(dir);

    fmt::print("load transitions, {} repeats\n", repeats);
    cpu_transitions(repeats);
    disk_transitions(repeats, dir);
    command_transitions(repeats, dir);
    fmt::print("\nload controller CPU beside the workers (engine, 3 sim devices at 1 Hz)\n");
    controller_cpu(window_s, dir);
    fs::remove_all(dir);
    return 0;
}
