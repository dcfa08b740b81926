#pragma once

#include "app/core/rundir/manifest.hpp"
#include "drivers/api/channel_spec.hpp"

namespace wattbench::core::rundir {

// A driver's channel as the manifest records it (thresholds, display range, accuracy), and back:
// the engine writes it, and the commands that change a finished run read it to recompute
// phases.csv with the same uncertainty as the live run.
Channel channel_of(const drivers::api::ChannelSpec& spec);
drivers::api::ChannelSpec spec_of(const Channel& channel);

}  // namespace wattbench::core::rundir
