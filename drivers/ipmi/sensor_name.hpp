#pragma once

#include <string>
#include <string_view>

namespace wattbench::drivers::ipmi {

// The channel name of a BMC sensor: lower case, every character but [a-z0-9] as "_"
// ("System Temp" → "system_temp", "+12V" → "_12v"), so names map one to one back to the SDR.
std::string sensor_channel_name(std::string_view sensor_name);

}  // namespace wattbench::drivers::ipmi
