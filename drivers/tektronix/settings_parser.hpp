#pragma once

#include <variant>

#include "drivers/api/registry.hpp"
#include "drivers/tektronix/settings.hpp"

namespace wattbench::drivers::tektronix {

// Validates every key at factory time, without I/O; errors name the device and the key.
std::variant<Settings, api::DeviceError> parse_settings(const Model& model,
                                                        api::DeviceConfig& config);

}  // namespace wattbench::drivers::tektronix
