#include "drivers/ipmi/target.hpp"

#include <charconv>

namespace wattbench::drivers::ipmi {

namespace {

api::DeviceError bad(std::string_view connection, const std::string& why) {
    return api::DeviceError{api::ErrorKind::config,
                            "connection '" + std::string(connection) + "': " + why +
                                " (expected ipmi://local or ipmi+lan://USER@HOST[:PORT])"};
}

bool valid_host_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
           c == '-' || c == '_' || c == ':';
}

}  // namespace

std::string Target::address() const {
    if (!lan) {
        return "local BMC";
    }
    const bool v6 = host.find(':') != std::string::npos;
    std::string h = v6 && port ? "[" + host + "]" : host;
    return port ? h + ":" + std::to_string(*port) : h;
}

std::variant<Target, api::DeviceError> parse_target(std::string_view c) {
    if (c == "ipmi://local" || c == "ipmi://localhost" || c == "ipmi://") {
        return Target{};
    }
    constexpr std::string_view lan_scheme = "ipmi+lan://";
    if (c.substr(0, lan_scheme.size()) != lan_scheme) {
        return bad(c, "unknown scheme");
    }
    std::string_view rest = c.substr(lan_scheme.size());
    const std::size_t at = rest.rfind('@');
    if (at == std::string_view::npos || at == 0) {
        return bad(c, "a user name is required");
    }
    Target t;
    t.lan = true;
    const std::string_view user = rest.substr(0, at);
    if (user.find(':') != std::string_view::npos) {
        // A password in the connection string would land in the manifest, logs and argv.
        return bad(c,
                   "a password must not be part of the connection string; use the "
                   "WATTBENCH_IPMI_PASSWORD environment variable or password_file");
    }
    if (user.size() > 16) {
        return bad(c, "IPMI user names have at most 16 characters");
    }
    t.user = std::string(user);
    std::string_view hostport = rest.substr(at + 1);
    std::string_view port;
    if (!hostport.empty() && hostport.front() == '[') {
        const std::size_t close = hostport.find(']');
        if (close == std::string_view::npos) {
            return bad(c, "unclosed '[' in the host");
        }
        t.host = std::string(hostport.substr(1, close - 1));
        std::string_view after = hostport.substr(close + 1);
        if (!after.empty()) {
            if (after.front() != ':') {
                return bad(c, "unexpected text after the host");
            }
            port = after.substr(1);
            if (port.empty()) {
                return bad(c, "empty port");
            }
        }
    } else {
        const std::size_t colon = hostport.find(':');
        if (colon != std::string_view::npos &&
            hostport.find(':', colon + 1) == std::string_view::npos) {
            port = hostport.substr(colon + 1);
            hostport = hostport.substr(0, colon);
            if (port.empty()) {
                return bad(c, "empty port");
            }
        }
        t.host = std::string(hostport);
    }
    if (t.host.empty()) {
        return bad(c, "no host");
    }
    for (char ch : t.host) {
        if (!valid_host_char(ch)) {
            return bad(c, "invalid character in the host");
        }
    }
    if (!port.empty()) {
        unsigned p = 0;
        auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), p);
        if (ec != std::errc{} || end != port.data() + port.size() || p == 0 || p > 65535) {
            return bad(c, "the port must be a number from 1 to 65535");
        }
        t.port = p;
    }
    return t;
}

}  // namespace wattbench::drivers::ipmi
