#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "app/core/load/cpu_topology.hpp"

namespace wattbench::core::remote {
class RemoteTarget;
}  // namespace wattbench::core::remote

namespace wattbench::core::load {

// What the loads of a run need to know about the machine they run on.
struct LoadEnvironment {
    CpuTopology topology;
    std::vector<int> allowed_cpus;  // this process's affinity mask; empty: unknown
    std::string run_dir;            // disk phases write under it unless given a path
    // Bytes written by disk loads, which the host device turns into host/disk_write [MB/s].
    std::shared_ptr<std::atomic<std::uint64_t>> disk_bytes =
        std::make_shared<std::atomic<std::uint64_t>>(0);
    // Set when the machine under test is a [target] reached over ssh: loads run there, and
    // topology and allowed_cpus are then the target's, as its probe reported them.
    std::shared_ptr<const remote::RemoteTarget> remote;

    // The local machine: sysfs topology and sched_getaffinity.
    static LoadEnvironment local(const std::string& sysfs_root = "/sys");
};

}  // namespace wattbench::core::load
