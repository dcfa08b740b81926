#pragma once

#include <cstdint>
#include <string>

#include "app/core/sampling/device_state.hpp"

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
};

}  // namespace wattbench::core::sampling
