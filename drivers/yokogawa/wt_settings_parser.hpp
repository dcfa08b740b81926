#pragma once

#include <variant>

#include "drivers/api/registry.hpp"
#include "drivers/yokogawa/wt_settings.hpp"

namespace wattbench::drivers::yokogawa {

// Validates every option of a WT500/WT1800/WT5000/WT3000/WT1600 device against its model;
// no I/O. Errors name the key.
std::variant<WtSettings, api::DeviceError> parse_wt_settings(const WtModel& model,
                                                             api::DeviceConfig& config);

}  // namespace wattbench::drivers::yokogawa
