#pragma once

#include <cstddef>
#include <vector>

#include "drivers/api/channel_spec.hpp"

namespace wattbench::drivers::zes {

// The WT310's channel names without `energy`: no confirmed source shows how an LMG's
// integrator is started and read, so the channel is left out rather than guessed.
enum Channel : std::size_t {
    power,
    apparent_power,
    reactive_power,
    power_factor,
    voltage,
    current,
    frequency,
    channel_count,
};

// No accuracy is declared: no source at hand gives the LMG's (README).
const std::vector<api::ChannelSpec>& channel_table();

}  // namespace wattbench::drivers::zes
