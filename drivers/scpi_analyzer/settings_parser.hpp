#pragma once

#include <variant>

#include "drivers/api/registry.hpp"
#include "drivers/scpi_analyzer/model.hpp"
#include "drivers/scpi_analyzer/settings.hpp"

namespace wattbench::drivers::scpi_analyzer {

// The profile keys of a table-driven analyzer, checked against its model at factory time
// (no I/O): `connection` (tcp:// takes the model's port when none is given), `voltage_range`
// / `current_range` (a number, "300V", "500mA" or "auto"; one the model lacks is refused
// with the allowed list), `ranging` ("fixed" or "calibrate"), `integrate` (bool) and
// `update_interval` (s, one of the model's), `elements` (multi-element models: ["1", "3",
// "sigma"]; default all), `channel` (models with inputs to pick, 1…Model::channels),
// `command_gap` (s, 0…5; only where the dialect pauses between commands). Errors name the
// driver and the key; the profile loader adds the device.
std::variant<Settings, api::DeviceError> parse_settings(const Model& model,
                                                        api::DeviceConfig& config);

}  // namespace wattbench::drivers::scpi_analyzer
