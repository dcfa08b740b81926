#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "drivers/api/device_error.hpp"

namespace wattbench::drivers::ipmi {

// Where the BMC is: in-band (`ipmi://local`) or IPMI 2.0 over LAN
// (`ipmi+lan://USER@HOST[:PORT]`). Never carries a password.
struct Target {
    bool lan = false;
    std::string user;
    std::string host;  // name or IPv4/IPv6 address, without brackets
    std::optional<unsigned> port;

    // The host as FreeIPMI takes it ("host:port" when a port is given) and as messages name it.
    std::string address() const;
};

// Pure: the connection string in, a target or a config error saying what is wrong out.
std::variant<Target, api::DeviceError> parse_target(std::string_view connection);

}  // namespace wattbench::drivers::ipmi
