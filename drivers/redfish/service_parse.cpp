#include "drivers/redfish/service_parse.hpp"

namespace wattbench::drivers::redfish {

ServiceRoot parse_service_root(const Json& root) {
    ServiceRoot r;
    r.chassis = link_member(root, "Chassis");
    if (const Json* links = object_member(root, "Links")) {
        r.sessions = link_member(*links, "Sessions");
    }
    if (r.sessions.empty()) {
        // DSP0266 fixes the URI; some services omit Links.Sessions all the same.
        r.sessions = "/redfish/v1/SessionService/Sessions";
    }
    if (const Json* features = object_member(root, "ProtocolFeaturesSupported")) {
        if (const Json* expand = object_member(*features, "ExpandQuery")) {
            const auto levels = expand->find("Levels");
            r.expand_levels =
                levels != expand->end() && levels->is_boolean() && levels->get<bool>();
        }
    }
    r.redfish_version = string_member(root, "RedfishVersion");
    return r;
}

std::vector<std::string> parse_members(const Json& collection) {
    std::vector<std::string> out;
    if (const Json* members = array_member(collection, "Members")) {
        for (const auto& m : *members) {
            std::string link = string_member(m, "@odata.id");
            if (!link.empty()) {
                out.push_back(std::move(link));
            }
        }
    }
    return out;
}

ChassisInfo parse_chassis(const Json& chassis) {
    ChassisInfo c;
    c.path = string_member(chassis, "@odata.id");
    c.id = string_member(chassis, "Id");
    c.name = string_member(chassis, "Name");
    c.manufacturer = string_member(chassis, "Manufacturer");
    c.model = string_member(chassis, "Model");
    c.serial = string_member(chassis, "SerialNumber");
    c.sensors = link_member(chassis, "Sensors");
    c.environment_metrics = link_member(chassis, "EnvironmentMetrics");
    c.power = link_member(chassis, "Power");
    c.thermal = link_member(chassis, "Thermal");
    c.power_subsystem = link_member(chassis, "PowerSubsystem");
    c.thermal_subsystem = link_member(chassis, "ThermalSubsystem");
    if (const Json* links = object_member(chassis, "Links")) {
        if (const Json* managers = array_member(*links, "ManagedBy");
            managers && !managers->empty()) {
            c.managed_by = string_member((*managers)[0], "@odata.id");
        }
    }
    if (const Json* status = object_member(chassis, "Status")) {
        c.has_health = status->contains("Health");
    }
    return c;
}

std::string parse_manager_firmware(const Json& manager) {
    return string_member(manager, "FirmwareVersion");
}

}  // namespace wattbench::drivers::redfish
