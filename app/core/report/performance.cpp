#include "app/core/report/performance.hpp"

#include <algorithm>

#include "app/core/report/wall_power.hpp"
#include "app/core/rundir/manifest_lookup.hpp"

namespace wattbench::core::report {

std::optional<WallPower> wall_power_channel(const RunData& run) {
    // The wall meter first; a BMC's `power` only where no meter measured the wall.
    for (const bool bmc_too : {false, true}) {
        const auto wall = [&](const PhaseRow& r) {
            return bmc_too ? is_power_channel(r) : is_wall_power(run, r);
        };
        for (const auto& d : run.info.devices) {
            const bool measured = std::any_of(run.rows.begin(), run.rows.end(), [&](const auto& r) {
                return r.device == d.id && wall(r);
            });
            if (measured) {
                return WallPower{d.id, "power"};
            }
        }
        // A manifest without a device list: the first such channel phases.csv has.
        const auto it = std::find_if(run.rows.begin(), run.rows.end(), wall);
        if (it != run.rows.end()) {
            return WallPower{it->device, it->channel};
        }
    }
    return std::nullopt;
}

std::vector<PhasePerformance> phase_performance(const RunData& run,
                                                const std::vector<PhaseView>& phases) {
    std::vector<PhasePerformance> out;
    const auto wall = wall_power_channel(run);
    for (const auto& phase : phases) {
        const auto* planned = rundir::find_phase(run.info, phase.name);
        if (!planned || !planned->score) {
            continue;
        }
        PhasePerformance p;
        p.phase = &phase;
        p.score = planned->score->value;
        p.unit = planned->score->unit;
        if (wall) {
            for (const PhaseRow* row : phase.rows) {
                if (row->device == wall->device && row->channel == wall->channel && row->mean) {
                    p.power_w = row->mean;
                }
            }
        }
        if (p.power_w && *p.power_w > 0.0) {
            p.score_per_watt = p.score / *p.power_w;
        }
        out.push_back(std::move(p));
    }
    return out;
}

}  // namespace wattbench::core::report
