#pragma once

#include <string>
#include <variant>
#include <vector>

#include "drivers/api/registry.hpp"
#include "drivers/redfish/endpoint.hpp"

namespace wattbench::drivers::redfish {

enum class AuthMode { automatic, session, basic };

struct Settings {
    Endpoint endpoint;
    std::string ca_file;        // empty: the system's trust store
    bool insecure = false;      // no certificate or host name check (said in manifest and log)
    std::string chassis;        // one chassis Id; empty: every chassis with readings
    std::string password_file;  // empty: WATTBENCH_REDFISH_PASSWORD
    AuthMode auth = AuthMode::automatic;
    std::vector<std::string> sensors;  // sensor Ids, Names or channel names to keep; empty: all
    int timeout_ms = 5000;             // one request, and the connection set-up
};

// Validates connection string and options without any I/O. A `password` key is refused:
// profiles get copied, committed and attached to reports.
std::variant<Settings, api::DeviceError> parse_settings(api::DeviceConfig& config);

}  // namespace wattbench::drivers::redfish
