#include "drivers/ipmi/sensor_kind.hpp"

#include <freeipmi/freeipmi.h>

#include <algorithm>
#include <array>

namespace wattbench::drivers::ipmi {

namespace {

struct UnitRow {
    int units;
    api::Quantity quantity;
    const char* unit;
};

constexpr std::array<UnitRow, 6> kUnits{{
    {IPMI_SENSOR_UNIT_DEGREES_C, api::Quantity::temperature, "degC"},
    {IPMI_SENSOR_UNIT_DEGREES_F, api::Quantity::temperature, "degF"},
    {IPMI_SENSOR_UNIT_VOLTS, api::Quantity::voltage, "V"},
    {IPMI_SENSOR_UNIT_AMPS, api::Quantity::current, "A"},
    {IPMI_SENSOR_UNIT_RPM, api::Quantity::fan, "RPM"},
    {IPMI_SENSOR_UNIT_WATTS, api::Quantity::power, "W"},
}};

}  // namespace

SensorKind sensor_kind(const SdrUnits& units, bool discrete) {
    if (discrete) {
        return SensorKind{api::Quantity::state, "state"};
    }
    if (units.percentage) {
        return SensorKind{api::Quantity::utilisation, "%"};
    }
    if (units.modifier != IPMI_SDR_MODIFIER_UNIT_NONE || units.rate != IPMI_SENSOR_RATE_UNIT_NONE ||
        units.modifier_unit != IPMI_SENSOR_UNIT_UNSPECIFIED) {
        return SensorKind{api::Quantity::other, "1"};
    }
    for (const auto& row : kUnits) {
        if (row.units == units.base) {
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
