#pragma once

#include <string>
#include <string_view>

namespace wattbench::drivers::hwmon {

// Lower case, runs of anything but [a-z0-9] as one "_", no "_" at either end.
std::string channel_name(std::string_view text);

}  // namespace wattbench::drivers::hwmon
