#include "app/core/load/achieved_cpu_load.hpp"

#include <algorithm>
#include <map>

#include "app/core/load/cpu_util_device.hpp"

namespace wattbench::core::load {

CpuLoadTarget cpu_load_target(const std::vector<int>& cpus, double intensity) {
    std::map<int, int> workers_on;
    for (int c : cpus) {
        ++workers_on[c];
    }
    CpuLoadTarget t;
    double sum = 0.0;
    for (const auto& [cpu, n] : workers_on) {
        sum += std::min(100.0, n * intensity);
        t.channels.push_back(CpuUtilDevice::channel_name(cpu));
    }
    t.percent = workers_on.empty() ? intensity : sum / static_cast<double>(workers_on.size());
    return t;
}

AchievedCpuLoad achieved_cpu_load(const std::vector<stats::ChannelSummary>& rows,
                                  const std::string& device, const CpuLoadTarget& target) {
    AchievedCpuLoad a;
    double sum = 0.0;
    std::size_t found = 0;
    for (const auto& r : rows) {
        if (r.device != device || r.samples == 0) {
            continue;
        }
        if (r.channel == "cpu_util") {
            a.total = r.mean;
        } else if (std::find(target.channels.begin(), target.channels.end(), r.channel) !=
                   target.channels.end()) {
            sum += r.mean;
            ++found;
        }
    }
    if (found > 0 && found == target.channels.size()) {
        a.used_cpus = sum / static_cast<double>(found);
        a.short_of_target = *a.used_cpus < target.percent - shortfall_points;
    }
    return a;
}

}  // namespace wattbench::core::load
