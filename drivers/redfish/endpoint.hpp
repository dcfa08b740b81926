#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "drivers/api/device_error.hpp"

namespace wattbench::drivers::redfish {

// Where the Redfish service is: `redfish://USER@HOST[:PORT]`, always HTTPS. Never carries a
// password.
struct Endpoint {
    std::string user;
    std::string host;  // name or IPv4/IPv6 address, without brackets
    std::optional<unsigned> port;

    // "host" or "host:port" ("[v6]:port"), as messages name the BMC.
    std::string address() const;
    // "https://host[:port]", what every request path is appended to.
    std::string base_url() const;
};

// Pure: the connection string in, an endpoint or a config error saying what is wrong out.
std::variant<Endpoint, api::DeviceError> parse_endpoint(std::string_view connection);

}  // namespace wattbench::drivers::redfish
