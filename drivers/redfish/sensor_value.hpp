#pragma once

#include <optional>
#include <string>

#include "drivers/api/channel_spec.hpp"
#include "drivers/redfish/units.hpp"

namespace wattbench::drivers::redfish {

// How a reading property was found, so that a null (the BMC has no value now) is told apart
// from a property that is missing or not a number (a service fault worth a line in the log).
enum class ReadingState { number, null, missing, invalid };

// One reading of a resource, in wattbench's units, with what the service says about it. Built
// from a Sensor, an entry of the legacy Thermal/Power arrays, EnvironmentMetrics' PowerWatts
// or a Chassis' Status (then only `health` matters).
struct SensorValue {
    std::string key;           // identity within its resource: a Sensor's @odata.id, "Fans/<Name>"
    std::string id;            // Sensor Id; empty for legacy entries
    std::string name;          // the Name the service gives it
    std::string channel_base;  // its channel name before any chassis prefix
    ReadingState reading_state = ReadingState::missing;
    double reading = 0.0;  // scaled into `units.unit`
    UnitMapping units;
    api::Thresholds thresholds;  // scaled like the reading
    std::optional<double> range_min;
    std::optional<double> range_max;
    std::optional<double> accuracy;  // Accuracy as a fraction of the reading (0.002 for 0.2 %)
    bool has_status = false;
    std::string health;       // Status.Health; empty when absent or null
    std::string state;        // Status.State ("Enabled", "Absent", …)
    std::string data_source;  // EnvironmentMetrics: the Sensor that PowerWatts is taken from

    bool left_out() const { return state == "Absent" || state == "Disabled"; }
};

}  // namespace wattbench::drivers::redfish
