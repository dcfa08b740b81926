#pragma once

#include <variant>

#include "drivers/api/device_error.hpp"
#include "drivers/api/registry.hpp"
#include "drivers/sim/settings.hpp"

namespace wattbench::drivers::sim {

// Validates the connection string and every sim option without any I/O. Option errors read
// "key 'NAME': …", the same shape api::Options uses, so the profile loader can locate them.
// Keys the sim does not know are left untaken for the Registry to report.
std::variant<Settings, api::DeviceError> parse_settings(api::DeviceConfig& config);

}  // namespace wattbench::drivers::sim
