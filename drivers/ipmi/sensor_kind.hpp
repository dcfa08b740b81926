#pragma once

#include <string>

#include "drivers/api/quantity.hpp"

namespace wattbench::drivers::ipmi {

// What a BMC sensor becomes as a channel: the unit string and quantity for its SDR units.
struct SensorKind {
    api::Quantity quantity = api::Quantity::other;
    std::string unit;
};

// A sensor's units as its SDR (full or compact) gives them: IPMI 2.0 table 43-15 codes.
struct SdrUnits {
    bool percentage = false;
    int modifier = 0;       // IPMI_SDR_MODIFIER_UNIT_*: none, divided by, multiplied by
    int rate = 0;           // IPMI_SENSOR_RATE_UNIT_*
    int base = 0;           // IPMI_SENSOR_UNIT_*
    int modifier_unit = 0;  // IPMI_SENSOR_UNIT_*
};

// Pure: the SDR's units and whether the sensor is discrete (not a threshold sensor) → quantity
// and unit. Discrete sensors are unit `state`; a unit with a modifier or a rate (RPM per …,
// W·h …) is none of ours and stays a plain number, as libipmimonitoring treated it.
SensorKind sensor_kind(const SdrUnits& units, bool discrete);

// Pure: whether a sensor passes a `types` filter entry ("temperature", "fan", "voltage",
// "current", "power", "state").
bool matches_type(const std::string& type, const SensorKind& kind);

}  // namespace wattbench::drivers::ipmi
