#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "app/core/profile/source_location.hpp"

namespace wattbench::core::profile {

// One channel of `until_stable`, with the tolerance that applies to it.
struct StableChannel {
    std::string device;   // the [[device]] id (or the built-in "host")
    std::string channel;  // the channel name as the driver reports it
    // The most the channel's trend line may change across `stable_for`: in the channel's own
    // unit, or with `relative` as a fraction of its mean (0.01 for "1%").
    double tolerance = 0.01;
    bool relative = true;
    SourceLocation location;  // of this entry in until_stable
    std::string key;          // "run.warmup.until_stable", for messages

    std::string name() const { return device + "/" + channel; }
};

// warmup = { min = "2m", max = "60m", until_stable = [...], tolerance = ..., stable_for = ... }:
// the phase's `warmup` duration is then the minimum, and the window opens as soon as every
// channel has been steady for `stable_for`, or at `max` anyway (flagged warmup_max).
struct WarmupUntilStable {
    std::chrono::nanoseconds max{0};
    std::chrono::nanoseconds stable_for{0};
    std::vector<StableChannel> channels;
    SourceLocation location;  // of the warmup table
    std::string key;          // "run.warmup" or "phase[3].warmup"
};

}  // namespace wattbench::core::profile
