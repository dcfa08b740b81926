#pragma once

#include <string>
#include <variant>

#include "drivers/api/registry.hpp"
#include "drivers/http/http_url.hpp"

namespace wattbench::drivers::tasmota {

struct Settings {
    http::HttpUrl url;
    int status = 0;              // 8 or 10; 0: Status 8, else Status 10 (which replaces it)
    int channel = 0;             // element of ENERGY's arrays on multi-channel devices
    std::string user = "admin";  // sent only with a password
    std::string password_file;   // empty: WATTBENCH_TASMOTA_PASSWORD when set, else none
    int timeout_ms = 2000;
};

// Validates connection string and options without any I/O. A `password` key is refused.
std::variant<Settings, api::DeviceError> parse_settings(api::DeviceConfig& config);

}  // namespace wattbench::drivers::tasmota
