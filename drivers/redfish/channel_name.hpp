#pragma once

#include <string>
#include <string_view>

namespace wattbench::drivers::redfish {

// A channel name from a Sensor's Id, which is CamelCase: words split where the case changes
// (`PS1InputPower` → `ps1_input_power`, `CPUFan1` → `cpu_fan1`), anything but letters and
// digits as `_`.
std::string name_from_id(std::string_view id);

// A channel name from a legacy Thermal/Power entry's Name, the way the ipmi driver names SDR
// sensors: lower case, every other character as `_` (`CPU1 Temp` → `cpu1_temp`).
std::string name_from_label(std::string_view label);

}  // namespace wattbench::drivers::redfish
