#pragma once

#include <chrono>
#include <cstdint>
#include <variant>
#include <vector>

#include "app/core/record/sample.hpp"
#include "drivers/api/channel_spec.hpp"

namespace wattbench::core::sampling {

// Window boundaries travel through the same queue as the readings so that the recorder sees
// them in order: every reading taken before a window closed is counted before it is summarised.
struct WindowMarker {
    enum class Kind { open, close, discard } kind = Kind::open;
    std::int32_t phase = -1;
    std::chrono::system_clock::time_point utc;
    std::chrono::steady_clock::time_point mono;
};

// A device learned its channel table on a late open (an optional IPMI BMC that was down when
// the run was prepared). Queued by its sampler before the first reading of any new channel, so
// the recorder extends its catalog before it sees one. Existing channel indices keep their
// meaning: the new table starts with the old one.
struct ChannelsDiscovered {
    std::uint32_t device = 0;
    std::vector<drivers::api::ChannelSpec> channels;
};

using QueueItem = std::variant<record::Sample, WindowMarker, ChannelsDiscovered>;

}  // namespace wattbench::core::sampling
