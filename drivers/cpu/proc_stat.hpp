#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace wattbench::drivers::cpu {

// One "cpu" or "cpuN" line of /proc/stat, in USER_HZ ticks since boot.
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

struct PerCpuTimes {
    unsigned index = 0;  // N of "cpuN": offline CPUs leave holes in the numbering
    CpuTimes times;
};

struct ProcStat {
    CpuTimes total;
    std::vector<PerCpuTimes> cpus;  // in file order

    // The times of "cpuN"; nullptr when that CPU has no line (offline, or not on this machine).
    const CpuTimes* cpu(unsigned index) const;
};

// Pure: the text of /proc/stat in; nullopt without a well-formed aggregate "cpu" line.
std::optional<ProcStat> parse_proc_stat(std::string_view text);

// Busy share in percent of the ticks between two snapshots; nullopt when no tick elapsed or
// the counters went backwards (a CPU went offline and back), so no figure is invented.
std::optional<double> busy_percent(const CpuTimes& before, const CpuTimes& after);

}  // namespace wattbench::drivers::cpu
