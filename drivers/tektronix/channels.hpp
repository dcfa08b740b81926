#pragma once

#include <cstddef>
#include <vector>

#include "drivers/api/channel_spec.hpp"
#include "drivers/tektronix/codec.hpp"

namespace wattbench::drivers::tektronix {

// The WT310's channel names plus reactive_power, in this order.
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

std::vector<api::ChannelSpec> channel_table();

// The channel an item's value goes to.
Channel channel_of(Item item);

}  // namespace wattbench::drivers::tektronix
