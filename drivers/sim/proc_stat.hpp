#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace wattbench::drivers::sim {

// The aggregate "cpu" line of /proc/stat, in USER_HZ ticks since boot.
struct CpuTimes {
    std::uint64_t user = 0;
    std::uint64_t nice = 0;
    std::uint64_t system = 0;
    std::uint64_t idle = 0;
    std::uint64_t iowait = 0;
    std::uint64_t irq = 0;
    std::uint64_t softirq = 0;
    std::uint64_t steal = 0;

    std::uint64_t busy() const { return user + nice + system + irq + softirq + steal; }
    // guest and guest_nice are already counted in user and nice, so they stay out of the total.
    std::uint64_t total() const { return busy() + idle + iowait; }
};

struct ProcStat {
    CpuTimes cpu;
    unsigned logical_cpus = 0;  // the per-CPU "cpuN" lines
};

// Pure: the text of /proc/stat in, the aggregate times out; nullopt without a "cpu " line.
std::optional<ProcStat> parse_proc_stat(std::string_view text);

// Busy share (0…1) of the ticks between two snapshots; nullopt when no tick elapsed or the
// counters went backwards, so the caller can keep its previous figure.
std::optional<double> busy_fraction(const CpuTimes& before, const CpuTimes& after);

}  // namespace wattbench::drivers::sim
