#include "drivers/redfish/units.hpp"

namespace wattbench::drivers::redfish {

UnitMapping map_units(std::string_view u, std::string_view type, bool is_fan) {
    using api::Quantity;
    if (u == "Cel" || (u.empty() && type == "Temperature")) {
        return {Quantity::temperature, "degC", 1.0};
    }
    if (u == "RPM" || (u.empty() && type == "Rotational")) {
        return {Quantity::fan, "RPM", 1.0};
    }
    if (u == "%" || (u.empty() && type == "Percent")) {
        return {is_fan ? Quantity::fan : Quantity::other, "%", 1.0};
    }
    if (u == "V" || (u.empty() && type == "Voltage")) {
        return {Quantity::voltage, "V", 1.0};
    }
    if (u == "A" || (u.empty() && type == "Current")) {
        return {Quantity::current, "A", 1.0};
    }
    if (u == "W" || (u.empty() && type == "Power")) {
        return {Quantity::power, "W", 1.0};
    }
    if (u == "kW") {
        return {Quantity::power, "W", 1000.0};
    }
    if (u == "kW.h" || (u.empty() && type == "EnergykWh")) {
        return {Quantity::energy, "Wh", 1000.0};
    }
    if (u == "W.h" || u == "Wh") {
        return {Quantity::energy, "Wh", 1.0};
    }
    if (u == "J" || (u.empty() && type == "EnergyJoules")) {
        return {Quantity::energy, "Wh", 1.0 / 3600.0};
    }
    if (u == "Hz" || (u.empty() && type == "Frequency")) {
        return {Quantity::frequency, "Hz", 1.0};
    }
    if (u == "V.A" || u == "VA") {
        return {Quantity::apparent_power, "VA", 1.0};
    }
    // Anything else keeps the service's own unit text, so nothing is silently relabelled.
    return {Quantity::other, u.empty() ? "1" : std::string(u), 1.0};
}

}  // namespace wattbench::drivers::redfish
