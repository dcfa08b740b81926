#pragma once

#include <variant>

#include "drivers/api/registry.hpp"
#include "drivers/yokogawa/settings.hpp"

namespace wattbench::drivers::yokogawa {

// Validates the connection string and every option; no I/O.
std::variant<Settings, api::DeviceError> parse_settings(Dialect dialect, api::DeviceConfig& config);

}  // namespace wattbench::drivers::yokogawa
