#pragma once

#include <string>
#include <variant>
#include <vector>

#include "drivers/api/registry.hpp"

namespace wattbench::drivers::hwmon {

struct Settings {
    std::string root = "/";          // sysfs is read below this, so tests use fixture trees
    std::vector<std::string> chips;  // only these chip names when not empty
};

// Validates the connection string and options without any I/O.
std::variant<Settings, api::DeviceError> parse_settings(api::DeviceConfig& config);

}  // namespace wattbench::drivers::hwmon
