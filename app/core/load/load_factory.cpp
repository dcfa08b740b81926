#include "app/core/load/load_factory.hpp"

#include <fmt/format.h>

#include "app/core/load/cpu_load.hpp"
#include "app/core/load/cpu_placement.hpp"
#include "app/core/load/idle_load.hpp"

namespace wattbench::core::load {

std::variant<std::unique_ptr<Load>, std::string> make_load(const profile::PhaseSettings& phase,
                                                           const LoadEnvironment& env) {
    switch (phase.load) {
        case profile::LoadKind::idle:
            return std::make_unique<IdleLoad>();
        case profile::LoadKind::cpu: {
            CpuLoadSettings s;
            s.workers = phase.workers;
            s.intensity = phase.intensity;
            s.kernel = phase.kernel;
            if (!env.topology.cpus.empty() || !env.allowed_cpus.empty()) {
                s.cpus =
                    place_workers(env.topology, phase.workers, phase.placement, env.allowed_cpus);
            }
            return std::make_unique<CpuLoad>(std::move(s));
        }
        case profile::LoadKind::disk:
        case profile::LoadKind::command:
            break;
    }
    return fmt::format(
        "{}:{}: phase '{}': load '{}' is not available in this version of wattbench yet "
        "(only 'idle' and 'cpu' are); remove the phase or leave it out with --only",
        phase.location.file, phase.location.line, phase.name, profile::to_string(phase.load));
}

}  // namespace wattbench::core::load
