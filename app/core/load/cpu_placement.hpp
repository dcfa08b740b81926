#pragma once

#include <vector>

#include "app/core/load/cpu_topology.hpp"
#include "app/core/profile/profile.hpp"

namespace wattbench::core::load {

// The logical CPU of each of `workers` workers, in start order.
//
// spread: the first thread of every physical core, cores taken round-robin across packages
// (as the scheduler balances sockets), then the second threads in the same order, and so on.
// pack: every thread of a core before the next core, package 0's cores before package 1's.
// Only CPUs in `allowed` are used (empty: all); with more workers than CPUs the order repeats,
// so the extra workers share CPUs.
std::vector<int> place_workers(const CpuTopology& topology, unsigned workers,
                               profile::Placement placement, const std::vector<int>& allowed = {});

}  // namespace wattbench::core::load
