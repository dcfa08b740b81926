#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "drivers/api/channel_spec.hpp"

namespace wattbench::core::record {

struct DeviceChannels {
    std::string device_id;
    std::string driver;
    std::chrono::nanoseconds interval{std::chrono::seconds(1)};
    std::vector<drivers::api::ChannelSpec> channels;
};

// Every device and channel of a run, fixed when the run starts; Sample indices point into it.
struct Catalog {
    std::vector<DeviceChannels> devices;
    std::vector<std::string> phase_names;  // expanded phase names, Sample::phase indexes this
    std::vector<std::string> phase_loads;  // load kind of each phase ("idle", "cpu", ...)

    const drivers::api::ChannelSpec& channel(std::uint32_t device, std::uint32_t ch) const {
        return devices[device].channels[ch];
    }
};

}  // namespace wattbench::core::record
