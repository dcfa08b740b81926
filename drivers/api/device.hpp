#pragma once

#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "drivers/api/channel_spec.hpp"
#include "drivers/api/device_error.hpp"
#include "drivers/api/options.hpp"
#include "drivers/api/ranging_device.hpp"
#include "drivers/api/reading.hpp"
#include "drivers/api/user_reading.hpp"
#include "drivers/api/window_mark_device.hpp"

namespace wattbench::drivers::api {

struct DeviceIdentity {
    std::string vendor;
    std::string model;
    std::string serial;
    std::string firmware;
};

// Something a poll noticed besides its readings, for core to record: an events.log line, a
// flag for the phase whose window it happened in (a meter that changed range mid-window), and
// the device's measuring settings as they now are (ranges, crest factor, mode), which go into
// the manifest's device entry, replacing what an earlier notice said.
struct Notice {
    bool warning = false;
    std::string message;     // empty: nothing to log
    std::string phase_flag;  // empty: no flag; only counts inside an averaging window
    std::map<std::string, OptionValue> settings;  // empty: settings unchanged
};

// The outcome of one poll. `readings` may cover only some channels; channels a poll did not
// report are recorded as `unavailable` by the sampler, so every grid tick leaves a row per
// channel. `error` set means the whole poll failed; its kind tells the sampler what to do.
struct PollResult {
    std::vector<Reading> readings;
    std::optional<DeviceError> error;
    std::vector<Notice> notices;
};

// The start of a poll over a link: the notices queued since the last poll, taken from `queued`,
// and `link_lost` when the link is not open.
inline PollResult start_poll(std::vector<Notice>& queued, bool link_open) {
    PollResult result;
    result.notices = std::move(queued);
    queued.clear();
    if (!link_open) {
        result.error = DeviceError{ErrorKind::link_lost, "not open"};
    }
    return result;
}

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

    // Capabilities beyond polling are asked for, never cast to (no RTTI across the driver
    // boundary): each returns the device's implementation of that interface, usually `this`,
    // or nullptr when it has none. The answer is fixed from construction, so core may ask from
    // any thread, before open() and while the sampler polls.
    virtual RangingDevice* ranging() { return nullptr; }
    virtual UserReadDevice* user_read() { return nullptr; }
    virtual WindowMarkDevice* window_marks() { return nullptr; }
};

}  // namespace wattbench::drivers::api
