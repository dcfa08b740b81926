#pragma once

#include <map>
#include <string>
#include <vector>

#include "drivers/api/channel_spec.hpp"

namespace wattbench::drivers::hwmon {

// One readable input of one chip, with the channel it becomes.
struct Sensor {
    api::ChannelSpec channel;
    std::string input_file;  // relative to the chip's directory, e.g. "temp1_input"
    double scale = 1.0;
};

// Pure: a chip's name and its attribute files (file name → contents, as read) in; every
// input as a channel named `<chip>_<label>` with its limits as thresholds out. Files that
// are not sensor attributes are ignored; an input without a label is named after its file.
std::vector<Sensor> chip_sensors(const std::string& chip,
                                 const std::map<std::string, std::string>& files);

// Pure: an integer as written by the hwmon ABI ("45000\n"); nullopt for anything else.
std::optional<long long> parse_hwmon_integer(std::string_view text);

}  // namespace wattbench::drivers::hwmon
