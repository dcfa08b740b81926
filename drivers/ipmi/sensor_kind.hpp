#pragma once

#include <string>

#include "drivers/api/quantity.hpp"

namespace wattbench::drivers::ipmi {

// What a BMC sensor becomes as a channel: the unit string and quantity for its SDR units.
struct SensorKind {
    api::Quantity quantity = api::Quantity::other;
    std::string unit;
};

// Pure: libipmimonitoring's units code (IPMI_MONITORING_SENSOR_UNITS_*) and whether the sensor
// is discrete (not a threshold sensor) → quantity and unit. Discrete sensors are unit `state`.
SensorKind sensor_kind(int units, bool discrete);

// Pure: whether a sensor passes a `types` filter entry ("temperature", "fan", "voltage",
// "current", "power", "state").
bool matches_type(const std::string& type, const SensorKind& kind);

}  // namespace wattbench::drivers::ipmi
