#include "drivers/ipmi/sensor_kind.hpp"

#include <ipmi_monitoring.h>

#include <algorithm>
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
    // The `types` key names these quantities as api::to_string spells them.
    constexpr std::array<api::Quantity, 6> kTypes{
        api::Quantity::temperature, api::Quantity::fan,   api::Quantity::voltage,
        api::Quantity::current,     api::Quantity::power, api::Quantity::state};
    return std::any_of(kTypes.begin(), kTypes.end(), [&](api::Quantity q) {
        return q == kind.quantity && api::to_string(q) == type;
    });
}

}  // namespace wattbench::drivers::ipmi
