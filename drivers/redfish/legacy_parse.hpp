#pragma once

#include <vector>

#include "drivers/redfish/json_util.hpp"
#include "drivers/redfish/sensor_value.hpp"

namespace wattbench::drivers::redfish {

// The legacy Thermal resource (deprecated since 2020 but all many BMCs have): Temperatures[]
// and Fans[], each named by its Name.
std::vector<SensorValue> parse_thermal(const Json& thermal);

// The legacy Power resource: PowerControl[0].PowerConsumedWatts keyed "power", Voltages[], and
// each of PowerSupplies[] as up to three values (input watts, output watts, line input volts).
std::vector<SensorValue> parse_power(const Json& power);

}  // namespace wattbench::drivers::redfish
