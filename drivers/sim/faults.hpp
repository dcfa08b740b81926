#pragma once

#include <cstdint>
#include <optional>

#include "drivers/sim/duration.hpp"

namespace wattbench::drivers::sim {

// Injected misbehaviour, so the engine's gap handling can be demonstrated and tested without
// breaking real hardware. All off by default.
struct Faults {
    bool fail_open = false;                // open() always reports unreachable
    std::optional<Seconds> open_delay;     // open() takes this long (a slow identification)
    std::optional<Seconds> dropout_after;  // since the first open: the link drops…
    std::optional<Seconds> dropout_for;    // …for this long (polls link_lost, reopen unreachable)
    std::uint64_t garbage_every = 0;       // every N-th poll is a protocol error; 0 = never
    std::optional<double> overrange_above;  // W: power readings above are flagged overrange
    std::optional<Seconds> slow_poll;       // each poll takes this long, or times out at deadline
};

}  // namespace wattbench::drivers::sim
