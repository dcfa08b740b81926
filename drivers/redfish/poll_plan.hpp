#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "drivers/api/channel_spec.hpp"
#include "drivers/api/reading.hpp"
#include "drivers/redfish/json_util.hpp"
#include "drivers/redfish/sensor_value.hpp"
#include "drivers/redfish/service_parse.hpp"

namespace wattbench::drivers::redfish {

enum class ResourceKind { chassis, sensor_collection, sensor, environment, power, thermal };

// A resource as discovery read it, with the values it held.
struct DiscoveredResource {
    ResourceKind kind = ResourceKind::chassis;
    std::string path;  // what a poll requests, query included
    std::vector<SensorValue> values;
};

struct DiscoveredChassis {
    ChassisInfo info;
    std::vector<DiscoveredResource> resources;
};

// A channel a value of a resource feeds: its reading, or its Status.Health.
struct Target {
    std::size_t channel = 0;
    bool health = false;
};

struct PolledResource {
    ResourceKind kind = ResourceKind::chassis;
    std::string path;
    std::map<std::string, std::vector<Target>> targets;  // value key → channels
};

// What each poll requests and where each answer's values go; fixed at the first open.
struct PollPlan {
    std::vector<api::ChannelSpec> channels;
    std::vector<PolledResource> resources;
    std::vector<std::string> notices;  // for events.log, once
};

inline const std::vector<std::string>& health_states() {
    static const std::vector<std::string> states{"OK", "Warning", "Critical"};
    return states;
}

// The channel table and the requests of a poll (pure). Per chassis: `power` from
// EnvironmentMetrics.PowerWatts (read from its DataSourceUri sensor when the Sensors
// collection is polled anyway) or else legacy PowerControl[0]; `health` from the chassis'
// Status; then every Sensor, or the legacy Thermal/Power entries where there is no Sensors
// collection. Chassis after the first have their Id as prefix. `filter` keeps only the sensors
// it names (by Id, Name or channel name); power and health stay.
PollPlan build_plan(const std::vector<DiscoveredChassis>& chassis,
                    const std::vector<std::string>& filter);

// The values a resource's JSON holds (pure); `path` keys values that have no @odata.id.
std::vector<SensorValue> values_of(ResourceKind kind, const Json& body, const std::string& path);

struct MappedPoll {
    std::vector<api::Reading> readings;
    std::vector<std::string> problems;  // for events.log; the caller logs each text once
};

// One answer's body into readings of the resource's channels (pure): a missing member or
// property, a non-number, malformed JSON make those channels `error` with a problem; a null
// reading or an absent sensor `unavailable`; a reading outside ReadingRange `overrange`.
void map_resource(const PolledResource& resource, const std::vector<api::ChannelSpec>& channels,
                  std::string_view body, MappedPoll& out);

// Every channel of `resource` as `status`, with `problem` (unless empty) for the log.
void fail_resource(const PolledResource& resource, api::Status status, const std::string& problem,
                   MappedPoll& out);

}  // namespace wattbench::drivers::redfish
