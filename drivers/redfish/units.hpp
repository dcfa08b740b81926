#pragma once

#include <string>
#include <string_view>

#include "drivers/api/quantity.hpp"

namespace wattbench::drivers::redfish {

// What a Redfish reading is in wattbench's terms: `value × scale` is in `unit`.
struct UnitMapping {
    api::Quantity quantity = api::Quantity::other;
    std::string unit = "1";
    double scale = 1.0;
};

// From a Sensor's ReadingUnits (UCUM: `Cel`, `RPM`, `%`, `V`, `A`, `W`, `kW.h`, `Hz`) and
// ReadingType; `is_fan` says the sensor cools (its Id or Name says Fan), which makes a `%`
// reading a fan's duty rather than some other percentage.
UnitMapping map_units(std::string_view reading_units, std::string_view reading_type, bool is_fan);

}  // namespace wattbench::drivers::redfish
