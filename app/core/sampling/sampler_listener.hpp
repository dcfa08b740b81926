#pragma once

#include <cstdint>
#include <string>

#include "app/core/sampling/device_state.hpp"
#include "app/core/sampling/stage_board.hpp"
#include "drivers/api/device.hpp"

namespace wattbench::core::sampling {

enum class EventLevel { info, warn, error };

// How a sampler reports what happened to its device. Called from the sampler's own thread.
class SamplerListener {
public:
    virtual ~SamplerListener() = default;
    virtual void on_device_state(std::uint32_t device, DeviceState state,
                                 const std::string& detail) = 0;
    virtual void on_device_event(std::uint32_t device, EventLevel level,
                                 const std::string& message) = 0;
    // What a poll noticed besides readings, with the stage its readings were tagged with;
    // delivered before those readings are queued.
    virtual void on_device_notice(std::uint32_t /*device*/, const StageTag& /*tag*/,
                                  const drivers::api::Notice& /*notice*/) {}
};

}  // namespace wattbench::core::sampling
