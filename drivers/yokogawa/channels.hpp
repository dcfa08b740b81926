#pragma once

#include <vector>

#include "drivers/common/wattmeter_channels.hpp"

namespace wattbench::drivers::yokogawa {

// Index of each channel in channel_table().
using enum common::WattmeterChannel;

const std::vector<api::ChannelSpec>& channel_table();

}  // namespace wattbench::drivers::yokogawa
