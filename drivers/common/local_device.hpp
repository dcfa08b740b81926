#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "drivers/api/device.hpp"

namespace wattbench::drivers::common {

// What the drivers that read this machine's procfs/sysfs files (hwmon, rapl, cpu) share: no
// connection to hold, so close() only stops polls, which are refused until the next open();
// a channel table found once (recorders were set up from it, so a reopen after a hiccup must
// not renumber channels).
class LocalDevice : public api::Device {
public:
    const std::vector<api::ChannelSpec>& channels() const final { return channels_; }
    api::PollResult poll(std::chrono::steady_clock::time_point deadline) final;
    void close() final { open_ = false; }
    api::DeviceIdentity identity() const final { return identity_; }

protected:
    // One poll of an open device.
    virtual api::PollResult read() = 0;

    // Runs `discover` at the first open() until it succeeds; a failed one leaves no channels.
    std::optional<api::DeviceError> discover_once(
        const std::function<std::optional<api::DeviceError>()>& discover);
    // The end of a successful open().
    void set_open() { open_ = true; }

    std::vector<api::ChannelSpec> channels_;
    api::DeviceIdentity identity_;

private:
    bool discovered_ = false;
    bool open_ = false;
};

}  // namespace wattbench::drivers::common
