#pragma once

#include <optional>
#include <string>

#include "drivers/api/channel_spec.hpp"

namespace wattbench::drivers::sim {

// A channel with its display range; thresholds, states and key are set by the caller where
// they apply, which keeps the tables readable.
api::ChannelSpec make_channel(std::string name, api::Quantity quantity, std::string unit,
                              std::optional<double> display_min, std::optional<double> display_max);

}  // namespace wattbench::drivers::sim
