#include "drivers/redfish/legacy_parse.hpp"

#include <array>
#include <utility>

#include "drivers/redfish/channel_name.hpp"
#include "drivers/redfish/sensor_parse.hpp"

namespace wattbench::drivers::redfish {

namespace {

// {Upper,Lower}Threshold{NonCritical,Critical,Fatal}: the same six kinds as a Sensor's.
void read_legacy_thresholds(const Json& entry, SensorValue& v) {
    auto& th = v.thresholds;
    const std::array<std::pair<const char*, std::optional<double>*>, 6> kinds{{
        {"LowerThresholdFatal", &th.lower_non_recoverable},
        {"LowerThresholdCritical", &th.lower_critical},
        {"LowerThresholdNonCritical", &th.lower_non_critical},
        {"UpperThresholdNonCritical", &th.upper_non_critical},
        {"UpperThresholdCritical", &th.upper_critical},
        {"UpperThresholdFatal", &th.upper_non_recoverable},
    }};
    for (const auto& [name, field] : kinds) {
        if (auto r = number_member(entry, name)) {
            *field = *r * v.units.scale;
        }
    }
}

std::string entry_name(const Json& entry, const char* old_name_key, std::size_t index) {
    std::string name = string_member(entry, "Name");
    if (name.empty() && old_name_key) {
        name = string_member(entry, old_name_key);
    }
    if (name.empty()) {
        name = string_member(entry, "MemberId");
    }
    return name.empty() ? std::to_string(index) : name;
}

SensorValue legacy_entry(const Json& entry, const std::string& section, const std::string& name,
                         const UnitMapping& units) {
    SensorValue v;
    v.key = section + "/" + name;
    v.name = name;
    v.channel_base = name_from_label(name);
    v.units = units;
    read_status(entry, v);
    return v;
}

void add_ranges(const Json& entry, const char* min_key, const char* max_key, SensorValue& v) {
    if (auto lo = number_member(entry, min_key)) {
        v.range_min = *lo * v.units.scale;
    }
    if (auto hi = number_member(entry, max_key)) {
        v.range_max = *hi * v.units.scale;
    }
}

}  // namespace

std::vector<SensorValue> parse_thermal(const Json& thermal) {
    std::vector<SensorValue> out;
    if (const Json* temps = array_member(thermal, "Temperatures")) {
        for (std::size_t i = 0; i < temps->size(); ++i) {
            const Json& t = (*temps)[i];
            auto v = legacy_entry(t, "Temperatures", entry_name(t, nullptr, i),
                                  map_units("Cel", "Temperature", false));
            read_reading(t, "ReadingCelsius", v);
            read_legacy_thresholds(t, v);
            add_ranges(t, "MinReadingRangeTemp", "MaxReadingRangeTemp", v);
            out.push_back(std::move(v));
        }
    }
    if (const Json* fans = array_member(thermal, "Fans")) {
        for (std::size_t i = 0; i < fans->size(); ++i) {
            const Json& f = (*fans)[i];
            // Thermal v1.0 had FanName and ReadingRPM; later ones Name, Reading, ReadingUnits.
            const bool old = f.is_object() && f.contains("ReadingRPM") && !f.contains("Reading");
            std::string units = old ? "RPM" : string_member(f, "ReadingUnits");
            auto v = legacy_entry(f, "Fans", entry_name(f, "FanName", i),
                                  map_units(units.empty() ? "RPM" : units, "", true));
            read_reading(f, old ? "ReadingRPM" : "Reading", v);
            read_legacy_thresholds(f, v);
            add_ranges(f, "MinReadingRange", "MaxReadingRange", v);
            out.push_back(std::move(v));
        }
    }
    return out;
}

std::vector<SensorValue> parse_power(const Json& power) {
    std::vector<SensorValue> out;
    if (const Json* control = array_member(power, "PowerControl"); control && !control->empty()) {
        const Json& c = (*control)[0];
        SensorValue v;
        v.key = "power";
        v.name = "PowerConsumedWatts";
        v.channel_base = "power";
        v.units = map_units("W", "Power", false);
        read_reading(c, "PowerConsumedWatts", v);
        out.push_back(std::move(v));
    }
    if (const Json* volts = array_member(power, "Voltages")) {
        for (std::size_t i = 0; i < volts->size(); ++i) {
            const Json& e = (*volts)[i];
            auto v = legacy_entry(e, "Voltages", entry_name(e, nullptr, i),
                                  map_units("V", "Voltage", false));
            read_reading(e, "ReadingVolts", v);
            read_legacy_thresholds(e, v);
            add_ranges(e, "MinReadingRange", "MaxReadingRange", v);
            out.push_back(std::move(v));
        }
    }
    if (const Json* psus = array_member(power, "PowerSupplies")) {
        for (std::size_t i = 0; i < psus->size(); ++i) {
            const Json& p = (*psus)[i];
            const std::string name = entry_name(p, nullptr, i);
            // Only the properties a supply has: a missing one is no channel, not an error.
            const std::array<std::tuple<const char*, const char*, const char*>, 4> parts{{
                {"PowerInputWatts", "input power", "W"},
                {"PowerOutputWatts", "output power", "W"},
                {"LastPowerOutputWatts", "output power", "W"},
                {"LineInputVoltage", "line input voltage", "V"},
            }};
            for (const auto& [property, what, unit] : parts) {
                if (!p.is_object() || !p.contains(property)) {
                    continue;
                }
                if (std::string(property) == "LastPowerOutputWatts" &&
                    p.contains("PowerOutputWatts")) {
                    continue;
                }
                auto v =
                    legacy_entry(p, "PowerSupplies", name + " " + what, map_units(unit, "", false));
                read_reading(p, property, v);
                out.push_back(std::move(v));
            }
        }
    }
    return out;
}

}  // namespace wattbench::drivers::redfish
