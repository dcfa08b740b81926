#pragma once

#include <string>
#include <variant>

#include "drivers/api/registry.hpp"

namespace wattbench::drivers::cpu {

struct Settings {
    std::string root = "/";  // procfs/sysfs are read below this, so tests use fixture trees
    bool per_cpu = true;
    bool frequency = true;
};

// Validates the connection string and options without any I/O.
std::variant<Settings, api::DeviceError> parse_settings(api::DeviceConfig& config);

}  // namespace wattbench::drivers::cpu
