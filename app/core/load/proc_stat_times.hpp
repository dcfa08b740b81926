#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string_view>

namespace wattbench::core::load {

// Cumulative CPU time in clock ticks from one line of /proc/stat.
struct CpuTimes {
    std::uint64_t busy = 0;  // user, nice, system, irq, softirq, steal
    std::uint64_t idle = 0;  // idle, iowait
};

struct ProcStatTimes {
    CpuTimes total;
    std::map<int, CpuTimes> per_cpu;
};

// Parses the `cpu` and `cpuN` lines of /proc/stat text; nullopt when there is no `cpu` line.
std::optional<ProcStatTimes> parse_proc_stat(std::string_view text);

// Busy share in percent between two readings; nullopt when no tick passed (or the counters
// went backwards, as after CPU hot-plug).
std::optional<double> busy_percent(const CpuTimes& before, const CpuTimes& after);

}  // namespace wattbench::core::load
