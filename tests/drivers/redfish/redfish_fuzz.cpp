#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "drivers/redfish/poll_plan.hpp"
#include "drivers/redfish/service_parse.hpp"

// Takes the input as the JSON answer of every kind of resource the redfish driver reads: the
// service root, a Chassis, and each reading resource. Discovery builds a plan from it, and the
// same text (and its first half, a truncated answer) is mapped to readings. Every reading must
// name a channel of the plan, ok readings must be finite, and nothing may throw.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wattbench::drivers::redfish;
    using wattbench::drivers::api::Status;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto json = parse_json(text);
    if (json) {
        parse_service_root(*json);
        parse_members(*json);
        parse_manager_firmware(*json);
    }
    DiscoveredChassis dc;
    dc.info.id = "fuzz";
    if (json) {
        dc.info = parse_chassis(*json);
        dc.info.has_health = true;
    }
    const std::string path = "/redfish/v1/Chassis/fuzz";
    for (auto kind : {ResourceKind::chassis, ResourceKind::sensor_collection, ResourceKind::sensor,
                      ResourceKind::environment, ResourceKind::power, ResourceKind::thermal}) {
        const std::string where = path + "/" + std::to_string(static_cast<int>(kind));
        dc.resources.push_back(
            {kind, where, json ? values_of(kind, *json, where) : std::vector<SensorValue>{}});
    }
    const PollPlan plan = build_plan({dc, dc}, {});
    for (const auto& resource : plan.resources) {
        for (const std::string_view body : {text, text.substr(0, size / 2)}) {
            MappedPoll out;
            map_resource(resource, plan.channels, body, out);
            for (const auto& r : out.readings) {
                if (r.channel >= plan.channels.size()) {
                    std::abort();
                }
                if (r.status == Status::ok && !std::isfinite(r.value)) {
                    std::abort();
                }
            }
        }
    }
    return 0;
}
