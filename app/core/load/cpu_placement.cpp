#include "app/core/load/cpu_placement.hpp"

#include <algorithm>
#include <map>
#include <utility>

namespace wattbench::core::load {

namespace {

// Threads of each core in CPU order, grouped per package in core order.
std::map<int, std::vector<std::vector<int>>> cores_by_package(const std::vector<LogicalCpu>& cpus) {
    std::map<PhysicalCoreKey, std::vector<int>> cores;
    for (const auto& c : cpus) {
        cores[physical_core_key(c)].push_back(c.cpu);
    }
    // Cores ordered by their first logical CPU, which is how the kernel numbers them, rather
    // than by core_id, which has gaps and odd orders on many parts.
    std::vector<std::pair<PhysicalCoreKey, std::vector<int>>> ordered(cores.begin(), cores.end());
    std::sort(ordered.begin(), ordered.end(),
              [](const auto& a, const auto& b) { return a.second.front() < b.second.front(); });
    std::map<int, std::vector<std::vector<int>>> out;
    for (auto& [key, threads] : ordered) {
        out[std::get<0>(key)].push_back(std::move(threads));
    }
    return out;
}

std::vector<int> spread_order(const std::map<int, std::vector<std::vector<int>>>& packages) {
    std::vector<int> order;
    for (std::size_t thread = 0;; ++thread) {
        bool any = false;
        std::size_t most_cores = 0;
        for (const auto& [_, cores] : packages) {
            most_cores = std::max(most_cores, cores.size());
        }
        for (std::size_t core = 0; core < most_cores; ++core) {
            for (const auto& [_, cores] : packages) {
                if (core < cores.size() && thread < cores[core].size()) {
                    order.push_back(cores[core][thread]);
                    any = true;
                }
            }
        }
        if (!any) {
            return order;
        }
    }
}

std::vector<int> pack_order(const std::map<int, std::vector<std::vector<int>>>& packages) {
    std::vector<int> order;
    for (const auto& [_, cores] : packages) {
        for (const auto& threads : cores) {
            order.insert(order.end(), threads.begin(), threads.end());
        }
    }
    return order;
}

}  // namespace

std::vector<int> place_workers(const CpuTopology& topology, unsigned workers,
                               profile::Placement placement, const std::vector<int>& allowed) {
    std::vector<LogicalCpu> usable;
    for (const auto& c : topology.cpus) {
        if (allowed.empty() || std::find(allowed.begin(), allowed.end(), c.cpu) != allowed.end()) {
            usable.push_back(c);
        }
    }
    if (usable.empty()) {
        for (int c : allowed) {
            usable.push_back({c, 0, c});
        }
    }
    const auto packages = cores_by_package(usable);
    const auto order =
        placement == profile::Placement::pack ? pack_order(packages) : spread_order(packages);
    std::vector<int> out;
    if (order.empty()) {
        return out;
    }
    out.reserve(workers);
    for (unsigned i = 0; i < workers; ++i) {
        out.push_back(order[i % order.size()]);
    }
    return out;
}

}  // namespace wattbench::core::load
