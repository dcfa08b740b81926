#pragma once

#include <string>
#include <vector>

#include "drivers/redfish/json_util.hpp"

namespace wattbench::drivers::redfish {

struct ServiceRoot {
    std::string chassis;         // the Chassis collection
    std::string sessions;        // where to POST a session login
    bool expand_levels = false;  // ProtocolFeaturesSupported.ExpandQuery allows $levels
    std::string redfish_version;
};

ServiceRoot parse_service_root(const Json& root);

// The @odata.id of every member of a resource collection.
std::vector<std::string> parse_members(const Json& collection);

// What a Chassis resource says about itself and where its readings are.
struct ChassisInfo {
    std::string path;  // its @odata.id
    std::string id;
    std::string name;
    std::string manufacturer;
    std::string model;
    std::string serial;
    std::string sensors;
    std::string environment_metrics;
    std::string power;
    std::string thermal;
    std::string power_subsystem;
    std::string thermal_subsystem;
    std::string managed_by;  // the first Links.ManagedBy manager
    bool has_health = false;

    bool has_readings() const {
        return !sensors.empty() || !environment_metrics.empty() || !power.empty() ||
               !thermal.empty();
    }
};

ChassisInfo parse_chassis(const Json& chassis);

// A Manager's FirmwareVersion (the BMC's firmware).
std::string parse_manager_firmware(const Json& manager);

}  // namespace wattbench::drivers::redfish
