#include "drivers/redfish/sensor_parse.hpp"

#include <array>
#include <cmath>
#include <utility>

#include "drivers/redfish/channel_name.hpp"

namespace wattbench::drivers::redfish {

namespace {

bool mentions_fan(const std::string& s) {
    return s.find("Fan") != std::string::npos || s.find("fan") != std::string::npos ||
           s.find("FAN") != std::string::npos;
}

// Redfish's Caution/Critical/Fatal are IPMI's non-critical/critical/non-recoverable.
void read_thresholds(const Json& sensor, SensorValue& v) {
    const Json* t = object_member(sensor, "Thresholds");
    if (!t) {
        return;
    }
    auto& th = v.thresholds;
    const std::array<std::pair<const char*, std::optional<double>*>, 6> kinds{{
        {"LowerFatal", &th.lower_non_recoverable},
        {"LowerCritical", &th.lower_critical},
        {"LowerCaution", &th.lower_non_critical},
        {"UpperCaution", &th.upper_non_critical},
        {"UpperCritical", &th.upper_critical},
        {"UpperFatal", &th.upper_non_recoverable},
    }};
    for (const auto& [name, field] : kinds) {
        if (const Json* one = object_member(*t, name)) {
            if (auto r = number_member(*one, "Reading")) {
                *field = *r * v.units.scale;
            }
        }
    }
}

// Accuracy is "the estimated percent error of measured versus actual values". A claim of
// 0 % or of 100 % and more is no bound a report can use. Precision (significant digits) says
// how the reading is rounded, not how wrong it is, and is not read.
void read_accuracy(const Json& object, SensorValue& v) {
    if (auto a = number_member(object, "Accuracy");
        a && std::isfinite(*a) && *a > 0.0 && *a < 100.0) {
        v.accuracy = *a / 100.0;
    }
}

}  // namespace

void read_status(const Json& object, SensorValue& v) {
    if (const Json* status = object_member(object, "Status")) {
        v.has_status = true;
        v.health = string_member(*status, "Health");
        v.state = string_member(*status, "State");
    }
}

void read_reading(const Json& object, std::string_view key, SensorValue& v) {
    if (!object.is_object()) {
        v.reading_state = ReadingState::missing;
        return;
    }
    const auto it = object.find(key);
    if (it == object.end()) {
        v.reading_state = ReadingState::missing;
    } else if (it->is_null()) {
        v.reading_state = ReadingState::null;
    } else if (it->is_number()) {
        v.reading_state = ReadingState::number;
        v.reading = it->get<double>() * v.units.scale;
    } else {
        v.reading_state = ReadingState::invalid;
    }
}

SensorValue parse_sensor(const Json& sensor, const std::string& fallback_key) {
    SensorValue v;
    v.key = string_member(sensor, "@odata.id");
    if (v.key.empty()) {
        v.key = fallback_key;
    }
    v.id = string_member(sensor, "Id");
    v.name = string_member(sensor, "Name");
    v.channel_base = name_from_id(v.id.empty() ? v.name : v.id);
    v.units = map_units(string_member(sensor, "ReadingUnits"), string_member(sensor, "ReadingType"),
                        mentions_fan(v.id) || mentions_fan(v.name));
    read_reading(sensor, "Reading", v);
    read_thresholds(sensor, v);
    if (auto lo = number_member(sensor, "ReadingRangeMin")) {
        v.range_min = *lo * v.units.scale;
    }
    if (auto hi = number_member(sensor, "ReadingRangeMax")) {
        v.range_max = *hi * v.units.scale;
    }
    read_accuracy(sensor, v);
    read_status(sensor, v);
    return v;
}

SensorCollection parse_sensor_collection(const Json& collection) {
    SensorCollection out;
    const Json* members = array_member(collection, "Members");
    if (!members) {
        return out;
    }
    for (const auto& m : *members) {
        const std::string link = string_member(m, "@odata.id");
        // An expanded member carries its own properties; a link has only @odata.id.
        if (m.is_object() && (m.contains("Reading") || m.contains("Id"))) {
            out.expanded.push_back(parse_sensor(m, link));
        } else if (!link.empty()) {
            out.member_links.push_back(link);
        }
    }
    return out;
}

SensorValue parse_environment_power(const Json& metrics) {
    SensorValue v;
    v.key = "power";
    v.name = "PowerWatts";
    v.channel_base = "power";
    v.units = map_units("W", "Power", false);
    if (const Json* p = object_member(metrics, "PowerWatts")) {
        read_reading(*p, "Reading", v);
        v.data_source = string_member(*p, "DataSourceUri");
        read_accuracy(*p, v);
    }
    return v;
}

}  // namespace wattbench::drivers::redfish
