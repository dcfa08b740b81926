#include "app/core/load/load_factory.hpp"

#include <fmt/format.h>

#include "app/core/load/cpu_load.hpp"
#include "app/core/load/idle_load.hpp"

namespace wattbench::core::load {

std::variant<std::unique_ptr<Load>, std::string> make_load(const profile::PhaseSettings& phase) {
    switch (phase.load) {
        case profile::LoadKind::idle:
            return std::make_unique<IdleLoad>();
        case profile::LoadKind::cpu:
            return std::make_unique<CpuLoad>(phase.workers);
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
