#pragma once

#include <variant>

#include "drivers/api/registry.hpp"
#include "drivers/transport/connection.hpp"

namespace wattbench::drivers::kasa {

struct Settings {
    transport::TcpEndpoint endpoint;  // port 9999 unless the connection string names one
    int outlet = 0;                   // a strip's outlet, from 1; 0: the plug itself
    int timeout_ms = 2000;            // one request and its answer
};

// Validates `tcp://HOST[:PORT]` and the options without any I/O.
std::variant<Settings, api::DeviceError> parse_settings(api::DeviceConfig& config);

}  // namespace wattbench::drivers::kasa
