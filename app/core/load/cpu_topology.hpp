#pragma once

#include <string>
#include <vector>

namespace wattbench::core::load {

struct LogicalCpu {
    int cpu = 0;      // the kernel's logical CPU number
    int package = 0;  // physical_package_id
    int core = 0;     // core_id, unique only within its package
};

// The machine's logical CPUs as sysfs describes them, sorted by CPU number.
struct CpuTopology {
    std::vector<LogicalCpu> cpus;

    std::size_t packages() const;
    std::size_t physical_cores() const;
};

// Reads SYSFS_ROOT/devices/system/cpu/cpu*/topology/{physical_package_id,core_id} for every
// online CPU. The root is a parameter so tests can describe any machine. A CPU without topology
// files (some VMs, containers) counts as its own core in package 0; an unreadable tree gives an
// empty topology.
CpuTopology read_cpu_topology(const std::string& sysfs_root = "/sys");

}  // namespace wattbench::core::load
