#pragma once

#include <string>

#include "drivers/api/channel_spec.hpp"

namespace wattbench::drivers::cpu {

// The channel table: `cpu_util` first, then `cpuN_util` and `cpuN_freq` per logical CPU.
api::ChannelSpec total_util_channel();
api::ChannelSpec cpu_util_channel(unsigned cpu);
api::ChannelSpec cpu_freq_channel(unsigned cpu);

}  // namespace wattbench::drivers::cpu
