#include "drivers/ipmi/sensor_kind.hpp"

#include <ipmi_monitoring.h>

#include <array>

namespace wattbench::drivers::ipmi {

namespace {

struct UnitRow {
    int units;
    api::Quantity quantity;
    const char* unit;
};

constexpr std::array<UnitRow, 7> kUnits{{
    {IPMI_MONITORING_SENSOR_UNITS_CELSIUS, api::Quantity::temperature, "degC"},
    {IPMI_MONITORING_SENSOR_UNITS_FAHRENHEIT, api::Quantity::temperature, "degF"},
    {IPMI_MONITORING_SENSOR_UNITS_VOLTS, api::Quantity::voltage, "V"},
    {IPMI_MONITORING_SENSOR_UNITS_AMPS, api::Quantity::current, "A"},
    {IPMI_MONITORING_SENSOR_UNITS_RPM, api::Quantity::fan, "RPM"},
    {IPMI_MONITORING_SENSOR_UNITS_WATTS, api::Quantity::power, "W"},
    {IPMI_MONITORING_SENSOR_UNITS_PERCENT, api::Quantity::utilisation, "%"},
}};

}  // namespace

SensorKind sensor_kind(int units, bool discrete) {
    if (discrete) {
        return SensorKind{api::Quantity::state, "state"};
    }
    for (const auto& row : kUnits) {
        if (row.units == units) {
            return SensorKind{row.quantity, row.unit};
        }
    }
    return SensorKind{api::Quantity::other, "1"};
}

bool matches_type(const std::string& type, const SensorKind& kind) {
    if (type == "temperature") {
        return kind.quantity == api::Quantity::temperature;
    }
    if (type == "fan") {
        return kind.quantity == api::Quantity::fan;
    }
    if (type == "voltage") {
        return kind.quantity == api::Quantity::voltage;
    }
    if (type == "current") {
        return kind.quantity == api::Quantity::current;
    }
    if (type == "power") {
        return kind.quantity == api::Quantity::power;
    }
    if (type == "state") {
        return kind.quantity == api::Quantity::state;
    }
    return false;
}

}  // namespace wattbench::drivers::ipmi
