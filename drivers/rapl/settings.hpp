#pragma once

#include <string>
#include <variant>

#include "drivers/api/registry.hpp"

namespace wattbench::drivers::rapl {

struct Settings {
    std::string root = "/";  // sysfs is read below this, so tests use fixture trees
};

// Validates the connection string and options without any I/O.
std::variant<Settings, api::DeviceError> parse_settings(api::DeviceConfig& config);

}  // namespace wattbench::drivers::rapl
