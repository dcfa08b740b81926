#pragma once

#include <string>
#include <variant>

#include "drivers/api/registry.hpp"
#include "drivers/http/http_url.hpp"

namespace wattbench::drivers::shelly {

enum class Generation { automatic, gen1, gen2 };  // gen2: Gen2, Gen3 and later (JSON-RPC)
enum class Component { automatic, switch_status, pm1_status };

struct Settings {
    http::HttpUrl url;
    Generation generation = Generation::automatic;
    Component component = Component::automatic;
    int id = 0;                  // meter / switch / PM1 instance
    std::string user = "admin";  // Gen1 Basic; Gen2+ is always admin
    std::string password_file;   // empty: WATTBENCH_SHELLY_PASSWORD, when the device wants one
    int timeout_ms = 2000;
};

// Validates connection string and options without any I/O. A `password` key is refused.
std::variant<Settings, api::DeviceError> parse_settings(api::DeviceConfig& config);

}  // namespace wattbench::drivers::shelly
