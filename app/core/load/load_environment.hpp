#pragma once

#include <vector>

#include "app/core/load/cpu_topology.hpp"

namespace wattbench::core::load {

// What the loads of a run need to know about the machine they run on.
struct LoadEnvironment {
    CpuTopology topology;
    std::vector<int> allowed_cpus;  // this process's affinity mask; empty: unknown

    // The local machine: sysfs topology and sched_getaffinity.
    static LoadEnvironment local(const std::string& sysfs_root = "/sys");
};

}  // namespace wattbench::core::load
