#include "drivers/redfish/endpoint.hpp"

#include <algorithm>

#include "drivers/transport/connection.hpp"

namespace wattbench::drivers::redfish {

namespace {

api::DeviceError bad(std::string_view connection, const std::string& why) {
    return api::DeviceError{api::ErrorKind::config, "connection '" + std::string(connection) +
                                                        "': " + why +
                                                        " (expected redfish://USER@HOST[:PORT])"};
}

bool valid_host_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
           c == '-' || c == '_' || c == ':';
}

bool valid_user_char(char c) {
    // Characters that would need percent-encoding are refused rather than encoded: a user
    // name is typed by hand and shown in the manifest as written.
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
           c == '-' || c == '_' || c == '~';
}

}  // namespace

std::string Endpoint::address() const {
    const bool v6 = host.find(':') != std::string::npos;
    const std::string h = v6 ? "[" + host + "]" : host;
    return port ? h + ":" + std::to_string(*port) : h;
}

std::string Endpoint::base_url() const {
    return "https://" + address();
}

std::variant<Endpoint, api::DeviceError> parse_endpoint(std::string_view c) {
    constexpr std::string_view scheme = "redfish://";
    if (c.substr(0, scheme.size()) != scheme) {
        return bad(c, "unknown scheme");
    }
    std::string_view rest = c.substr(scheme.size());
    if (const auto slash = rest.find('/'); slash != std::string_view::npos) {
        if (slash + 1 != rest.size()) {
            return bad(c, "no path after the host (the service root is always /redfish/v1/)");
        }
        rest = rest.substr(0, slash);
    }
    const std::size_t at = rest.rfind('@');
    if (at == std::string_view::npos || at == 0) {
        return bad(c, "a user name is required");
    }
    const std::string_view user = rest.substr(0, at);
    if (user.find(':') != std::string_view::npos) {
        // A password in the connection string would land in the manifest, logs and argv.
        return bad(c,
                   "a password must not be part of the connection string; use the "
                   "WATTBENCH_REDFISH_PASSWORD environment variable or password_file");
    }
    Endpoint e;
    for (char ch : user) {
        if (!valid_user_char(ch)) {
            return bad(c, "invalid character in the user name");
        }
    }
    e.user = std::string(user);
    // Host and port as every TCP connection string takes them; what a URL adds (brackets
    // required around IPv6, the host's characters) is checked here.
    const std::string_view hostport = rest.substr(at + 1);
    const bool bracketed = !hostport.empty() && hostport.front() == '[';
    const auto colons = std::count(hostport.begin(), hostport.end(), ':');
    if (!bracketed && colons > 1) {
        return bad(c, "an IPv6 address must be written in brackets");
    }
    const bool has_port = bracketed ? hostport.find("]:") != std::string_view::npos : colons == 1;
    const auto tcp =
        transport::parse_connection("tcp://" + std::string(hostport) + (has_port ? "" : ":443"));
    const auto* ep = std::get_if<transport::TcpEndpoint>(std::get_if<transport::Endpoint>(&tcp));
    if (!ep) {
        return bad(c, "expected HOST, HOST:PORT with a port from 1 to 65535, or [IPv6]:PORT");
    }
    e.host = ep->host;
    for (char ch : e.host) {
        if (!valid_host_char(ch)) {
            return bad(c, "invalid character in the host");
        }
    }
    if (has_port) {
        e.port = ep->port;
    }
    return e;
}

}  // namespace wattbench::drivers::redfish
