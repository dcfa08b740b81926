#pragma once

#include <string>
#include <tuple>
#include <vector>

namespace wattbench::core::load {

struct LogicalCpu {
    int cpu = 0;      // the kernel's logical CPU number
    int package = 0;  // physical_package_id
    int core = 0;     // core_id, unique only within its package (often not even there)
    // The lowest logical CPU of this CPU's thread_siblings_list: the CPUs of one physical core
    // share it. -1 when the list is unknown; the core is then told by (package, core_id).
    int first_sibling = -1;
};

// Identifies a CPU's physical core: CPUs with the same key are SMT siblings. The sibling list is
// what the kernel's own scheduler groups by; core_id repeats within a package on parts with
// several dies or clusters, so it is only the fallback.
using PhysicalCoreKey = std::tuple<int, int, int>;
PhysicalCoreKey physical_core_key(const LogicalCpu& c);

// The machine's logical CPUs as sysfs describes them, sorted by CPU number.
struct CpuTopology {
    std::vector<LogicalCpu> cpus;

    std::size_t packages() const;
    std::size_t physical_cores() const;
};

// Reads SYSFS_ROOT/devices/system/cpu/cpu*/topology/{physical_package_id,core_id,
// thread_siblings_list} for every online CPU. The root is a parameter so tests can describe any
// machine. A CPU without topology files (some VMs, containers) counts as its own core in package 0;
// an unreadable tree gives an empty topology.
CpuTopology read_cpu_topology(const std::string& sysfs_root = "/sys");

}  // namespace wattbench::core::load
