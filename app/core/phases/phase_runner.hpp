#pragma once

#include <cstddef>

#include "app/core/load/load.hpp"
#include "app/core/phases/phase_host.hpp"
#include "app/core/profile/profile.hpp"

namespace wattbench::core::phases {

// One phase from its prompt to its window's close: the order of stages, and what each way of
// ending a wait (skip, abort, the load exiting) does to the phase. Runs on the run's runner
// thread; everything it touches goes through the host.
class PhaseRunner {
public:
    explicit PhaseRunner(PhaseHost& host) : host_(host) {}

    // False when the run must stop (aborted); true to go on with the next phase.
    bool run(std::size_t index, const profile::PhaseSettings& phase, load::Load& load);

private:
    // Stops the load and ends the phase without a result.
    void finish_early(std::size_t index, const profile::PhaseSettings& phase, load::Load& load,
                      PhaseStatus status);
    // Logs why the load ended; true when that fails the phase.
    bool load_ended(const profile::PhaseSettings& phase, const load::Load& load);

    PhaseHost& host_;
};

}  // namespace wattbench::core::phases
