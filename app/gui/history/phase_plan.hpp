#pragma once

#include <string>

namespace wattbench::gui::history {

// A phase as the ladder lists it before it runs: from a profile, or a run directory's manifest.
struct PhasePlan {
    std::string name;
    std::string load;
    double warmup_s = 0.0;
    double window_s = 0.0;
};

// Where a phase stands on the ladder: a live run's stages and ends, or a recorded one's status.
enum class PhaseState {
    pending,
    warming_up,
    measuring,
    done,
    flagged,
    skipped,
    interrupted,
    failed
};

}  // namespace wattbench::gui::history
