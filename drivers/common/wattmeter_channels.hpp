#pragma once

#include <cstddef>
#include <vector>

#include "drivers/api/channel_spec.hpp"

namespace wattbench::drivers::common {

// Index of each channel of a meter between the wall and the server, the order
// wattmeter_channels() gives them in. Drivers bring these names into their namespace
// (`using enum`), so decoders index readings the same way for every such meter.
enum WattmeterChannel : std::size_t {
    power,
    apparent_power,
    power_factor,
    voltage,
    current,
    frequency,
    energy,
    channel_count,
};

// The channels by name, quantity and unit (W, VA, 1, V, A, Hz, Wh), with power, apparent power
// and power factor key. Display ranges and accuracy are each meter's own, so a driver sets them
// on the copy it keeps.
std::vector<api::ChannelSpec> wattmeter_channels();

}  // namespace wattbench::drivers::common
