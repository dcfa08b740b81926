#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "drivers/api/channel_spec.hpp"
#include "drivers/api/device_error.hpp"
#include "drivers/api/reading.hpp"

namespace wattbench::drivers::api {

struct DeviceIdentity {
    std::string vendor;
    std::string model;
    std::string serial;
    std::string firmware;
};

// The outcome of one poll. `readings` may cover only some channels; channels a poll did not
// report are recorded as `unavailable` by the sampler, so every grid tick leaves a row per
// channel. `error` set means the whole poll failed; its kind tells the sampler what to do.
struct PollResult {
    std::vector<Reading> readings;
    std::optional<DeviceError> error;
};

// A device is used by exactly one sampler thread; implementations need no locking.
// Nothing here throws: failures are values.
class Device {
public:
    virtual ~Device() = default;

    // Channel table; stable from construction (before open) so configuration can be checked
    // and the recorders set up before anything is connected. Drivers whose channels are only
    // known after discovery (IPMI) may return more after open(); core re-reads it then.
    virtual const std::vector<ChannelSpec>& channels() const = 0;

    virtual std::optional<DeviceError> open() = 0;

    // Called on the sampling grid. `deadline` is when the next poll is due; a driver should
    // give up before it so that a slow instrument cannot shift the grid.
    virtual PollResult poll(std::chrono::steady_clock::time_point deadline) = 0;

    virtual void close() = 0;

    // Valid after a successful open().
    virtual DeviceIdentity identity() const = 0;
};

}  // namespace wattbench::drivers::api
