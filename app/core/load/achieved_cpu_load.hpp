#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/core/stats/channel_summary.hpp"

namespace wattbench::core::load {

// What a cpu phase should show on the CPUs its workers are pinned to.
struct CpuLoadTarget {
    double percent = 100.0;             // expected mean busy share of the used CPUs
    std::vector<std::string> channels;  // their cpuN_util channels on the host device
};

struct AchievedCpuLoad {
    std::optional<double> total;      // window mean of cpu_util, the whole machine
    std::optional<double> used_cpus;  // mean of the used CPUs' window means
    bool short_of_target = false;
};

// A phase falls short when the used CPUs' mean is more than this below the target.
inline constexpr double shortfall_points = 5.0;

// Expected busy percent of the CPUs `cpus` (one entry per worker, repeats when workers share a
// CPU) for workers running at `intensity` percent.
CpuLoadTarget cpu_load_target(const std::vector<int>& cpus, double intensity);

// Reads the achieved load from a closed window's rows of `device`.
AchievedCpuLoad achieved_cpu_load(const std::vector<stats::ChannelSummary>& rows,
                                  const std::string& device, const CpuLoadTarget& target);

}  // namespace wattbench::core::load
