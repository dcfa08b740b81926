#pragma once

#include <string>
#include <vector>

#include "drivers/redfish/json_util.hpp"
#include "drivers/redfish/sensor_value.hpp"

namespace wattbench::drivers::redfish {

// A Sensor resource (Sensor.v1_x). Its key is its @odata.id, or `fallback_key` without one.
SensorValue parse_sensor(const Json& sensor, const std::string& fallback_key);

struct SensorCollection {
    std::vector<SensorValue> expanded;      // members the service sent whole ($expand)
    std::vector<std::string> member_links;  // members sent only as links
};

// A SensorCollection, expanded or not (a service may expand some members and not others).
SensorCollection parse_sensor_collection(const Json& collection);

// EnvironmentMetrics: PowerWatts.Reading as the value keyed "power", its DataSourceUri kept.
SensorValue parse_environment_power(const Json& metrics);

// Status.Health and Status.State of `object` into `v`.
void read_status(const Json& object, SensorValue& v);

// Where a number read from a JSON member stands: its state and value.
void read_reading(const Json& object, std::string_view key, SensorValue& v);

}  // namespace wattbench::drivers::redfish
