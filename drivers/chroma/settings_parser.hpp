#pragma once

#include <variant>

#include "drivers/api/registry.hpp"
#include "drivers/chroma/settings.hpp"

namespace wattbench::drivers::chroma {

// Reads and checks every option of a Chroma [[device]] table. No I/O. Errors are config
// errors naming the driver and the key.
std::variant<Settings, api::DeviceError> parse_settings(const Model& model,
                                                        api::DeviceConfig& config);

}  // namespace wattbench::drivers::chroma
