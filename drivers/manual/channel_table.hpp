#pragma once

#include <vector>

#include "drivers/api/channel_spec.hpp"
#include "drivers/manual/settings.hpp"

namespace wattbench::drivers::manual {

// reading = "energy": `energy` [kWh or Wh] (the counter as read) then `power` [W], the
// window's ΔE/Δt that core derives from the first and last counter reading.
// reading = "power": `power` [W] only, each reading entered as seen.
// `power` carries the stated accuracy (percent of reading), which feeds phases.csv's
// uncertainty column.
std::vector<api::ChannelSpec> channel_table(const Settings& settings);

// The index of the channel the operator is asked for.
std::size_t read_channel(const Settings& settings);

}  // namespace wattbench::drivers::manual
