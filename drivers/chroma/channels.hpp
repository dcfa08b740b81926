#pragma once

#include <cstddef>
#include <vector>

#include "drivers/api/channel_spec.hpp"

namespace wattbench::drivers::chroma {

// The WT310's names plus reactive power, in the order of the FETCh? item list's channels.
enum Channel : std::size_t {
    power,
    apparent_power,
    reactive_power,
    power_factor,
    voltage,
    current,
    frequency,
    energy,
    channel_count,
};

// No accuracy is declared: no source at hand gives the 6620x's (README).
const std::vector<api::ChannelSpec>& channel_table();

}  // namespace wattbench::drivers::chroma
