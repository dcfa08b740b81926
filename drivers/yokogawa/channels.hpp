#pragma once

#include <cstddef>
#include <vector>

#include "drivers/api/channel_spec.hpp"

namespace wattbench::drivers::yokogawa {

// Index of each channel in channel_table().
enum Channel : std::size_t {
    power,
    apparent_power,
    power_factor,
    voltage,
    current,
    frequency,
    energy,
    channel_count,
};

const std::vector<api::ChannelSpec>& channel_table();

}  // namespace wattbench::drivers::yokogawa
