#pragma once

#include <optional>
#include <string>
#include <variant>

#include "drivers/api/device_error.hpp"
#include "drivers/api/options.hpp"

namespace wattbench::drivers::manual {

enum class ReadingKind { energy, power };

// The profile keys of a `manual` device.
struct Settings {
    ReadingKind reading = ReadingKind::energy;
    std::string unit = "kWh";        // energy: "kWh" or "Wh"; power: "W"
    std::optional<double> accuracy;  // percent of reading, as the user states it
};

// Consumes `reading`, `unit` and `accuracy` from `options`; the error names the key.
std::variant<Settings, api::DeviceError> read_settings(api::Options& options);

}  // namespace wattbench::drivers::manual
