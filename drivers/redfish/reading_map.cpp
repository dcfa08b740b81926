#include <algorithm>

#include "drivers/redfish/legacy_parse.hpp"
#include "drivers/redfish/poll_plan.hpp"
#include "drivers/redfish/sensor_parse.hpp"

namespace wattbench::drivers::redfish {

namespace {

std::string label(const std::string& path) {
    const auto q = path.find('?');
    return q == std::string::npos ? path : path.substr(0, q);
}

api::Reading value_reading(const SensorValue& v, const Target& t, const std::string& where,
                           MappedPoll& out) {
    api::Reading r;
    r.channel = t.channel;
    r.status = api::Status::unavailable;
    const std::string who = where + ": " + (v.name.empty() ? v.key : v.name);
    if (v.left_out()) {
        return r;  // gone since discovery (a supply pulled): no value, not a fault
    }
    switch (v.reading_state) {
        case ReadingState::number:
            if ((v.range_max && v.reading > *v.range_max) ||
                (v.range_min && v.reading < *v.range_min)) {
                r.status = api::Status::overrange;
            } else {
                r.status = api::Status::ok;
                r.value = v.reading;
            }
            break;
        case ReadingState::null:
            break;
        case ReadingState::missing:
            r.status = api::Status::error;
            out.problems.push_back(who + " has no reading property");
            break;
        case ReadingState::invalid:
            r.status = api::Status::error;
            out.problems.push_back(who + ": the reading is not a number");
            break;
    }
    return r;
}

api::Reading health_reading(const SensorValue& v, const Target& t, const std::string& where,
                            MappedPoll& out) {
    api::Reading r;
    r.channel = t.channel;
    r.status = api::Status::unavailable;
    if (v.left_out()) {
        return r;
    }
    const std::string who = where + ": " + (v.name.empty() ? v.key : v.name);
    if (!v.has_status) {
        r.status = api::Status::error;
        out.problems.push_back(who + " has no Status");
        return r;
    }
    if (v.health.empty()) {
        return r;
    }
    const auto& states = health_states();
    const auto it = std::find(states.begin(), states.end(), v.health);
    if (it == states.end()) {
        r.status = api::Status::error;
        out.problems.push_back(who + ": unknown Status.Health '" + v.health.substr(0, 40) + "'");
        return r;
    }
    r.status = api::Status::ok;
    r.value = static_cast<double>(it - states.begin());
    r.text = v.health;
    return r;
}

}  // namespace

std::vector<SensorValue> values_of(ResourceKind kind, const Json& body, const std::string& path) {
    switch (kind) {
        case ResourceKind::chassis: {
            SensorValue v;
            v.key = "health";
            v.name = "Status";
            read_status(body, v);
            return {v};
        }
        case ResourceKind::sensor_collection:
            return parse_sensor_collection(body).expanded;
        case ResourceKind::sensor:
            return {parse_sensor(body, label(path))};
        case ResourceKind::environment:
            return {parse_environment_power(body)};
        case ResourceKind::power:
            return parse_power(body);
        case ResourceKind::thermal:
            return parse_thermal(body);
    }
    return {};
}

void fail_resource(const PolledResource& resource, api::Status status, const std::string& problem,
                   MappedPoll& out) {
    for (const auto& [key, targets] : resource.targets) {
        for (const auto& t : targets) {
            api::Reading r;
            r.channel = t.channel;
            r.status = status;
            out.readings.push_back(std::move(r));
        }
    }
    if (!problem.empty()) {
        out.problems.push_back(problem);
    }
}

void map_resource(const PolledResource& resource, const std::vector<api::ChannelSpec>& channels,
                  std::string_view body, MappedPoll& out) {
    const std::string where = label(resource.path);
    const auto json = parse_json(body);
    if (!json || !json->is_object()) {
        fail_resource(resource, api::Status::error, where + ": the answer is not a JSON object",
                      out);
        return;
    }
    const auto values = values_of(resource.kind, *json, resource.path);
    for (const auto& entry : resource.targets) {
        const std::string& key = entry.first;
        const auto& targets = entry.second;
        const auto v = std::find_if(values.begin(), values.end(),
                                    [&](const SensorValue& s) { return s.key == key; });
        for (const auto& t : targets) {
            if (t.channel >= channels.size()) {
                continue;
            }
            if (v == values.end()) {
                api::Reading r;
                r.channel = t.channel;
                r.status = api::Status::error;
                out.readings.push_back(std::move(r));
                out.problems.push_back(where + ": " + key + " is missing from the answer");
                continue;
            }
            out.readings.push_back(t.health ? health_reading(*v, t, where, out)
                                            : value_reading(*v, t, where, out));
        }
    }
}

}  // namespace wattbench::drivers::redfish
