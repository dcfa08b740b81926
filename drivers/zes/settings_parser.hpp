#pragma once

#include <variant>

#include "drivers/api/registry.hpp"
#include "drivers/zes/settings.hpp"

namespace wattbench::drivers::zes {

// Reads and checks every option of a ZES LMG [[device]] table. No I/O. Errors are config
// errors naming the key.
std::variant<Settings, api::DeviceError> parse_settings(const Model& model,
                                                        api::DeviceConfig& config);

}  // namespace wattbench::drivers::zes
