#include "drivers/transport/connection.hpp"

#include <charconv>
#include <cstdio>
#include <vector>

namespace wattbench::drivers::transport {
namespace {

api::DeviceError bad(std::string_view text, const std::string& why) {
    return api::DeviceError{api::ErrorKind::config,
                            "connection '" + std::string(text) + "': " + why};
}

bool parse_int(std::string_view s, long min, long max, long& out) {
    if (s.empty()) {
        return false;
    }
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && p == s.data() + s.size() && out >= min && out <= max;
}

bool parse_format(std::string_view f, SerialSettings& s) {
    if (f.size() != 3) {
        return false;
    }
    if (f[0] < '5' || f[0] > '8') {
        return false;
    }
    s.data_bits = f[0] - '0';
    switch (f[1]) {
        case 'N':
        case 'n':
            s.parity = Parity::none;
            break;
        case 'O':
        case 'o':
            s.parity = Parity::odd;
            break;
        case 'E':
        case 'e':
            s.parity = Parity::even;
            break;
        default:
            return false;
    }
    if (f[2] != '1' && f[2] != '2') {
        return false;
    }
    s.stop_bits = f[2] - '0';
    return true;
}

std::variant<Endpoint, api::DeviceError> parse_serial(std::string_view text, std::string_view rest,
                                                      const SerialSettings& defaults) {
    SerialEndpoint ep;
    ep.settings = defaults;
    auto q = rest.find('?');
    ep.path = std::string(rest.substr(0, q));
    if (ep.path.empty()) {
        return bad(text, "no device path after 'serial://'");
    }
    if (ep.path.front() != '/') {
        return bad(text, "device path '" + ep.path + "' must be absolute (serial:///dev/ttyUSB0)");
    }
    if (q == std::string_view::npos) {
        return Endpoint{ep};
    }
    std::string_view query = rest.substr(q + 1);
    while (!query.empty()) {
        auto amp = query.find('&');
        std::string_view pair = query.substr(0, amp);
        query = amp == std::string_view::npos ? std::string_view{} : query.substr(amp + 1);
        auto eq = pair.find('=');
        if (eq == std::string_view::npos) {
            return bad(text, "parameter '" + std::string(pair) + "' has no '=value'");
        }
        std::string_view key = pair.substr(0, eq);
        std::string_view value = pair.substr(eq + 1);
        if (key == "baud") {
            long b = 0;
            if (!parse_int(value, 50, 4000000, b)) {
                return bad(text, "baud '" + std::string(value) + "' is not a rate in 50…4000000");
            }
            ep.settings.baud = static_cast<int>(b);
        } else if (key == "format") {
            if (!parse_format(value, ep.settings)) {
                return bad(text, "format '" + std::string(value) +
                                     "' is not data bits 5-8, parity N/O/E, stop bits 1-2 (8N1)");
            }
        } else {
            return bad(text, "unknown parameter '" + std::string(key) + "' (baud, format)");
        }
    }
    return Endpoint{ep};
}

std::variant<Endpoint, api::DeviceError> parse_tcp(std::string_view text, std::string_view rest,
                                                   std::uint16_t default_port) {
    TcpEndpoint ep;
    if (!rest.empty() && rest.back() == '/') {
        rest.remove_suffix(1);
    }
    std::string_view host;
    std::string_view port;
    bool has_port = false;
    if (!rest.empty() && rest.front() == '[') {
        auto close = rest.find(']');
        if (close == std::string_view::npos) {
            return bad(text, "unterminated '[' in IPv6 host");
        }
        host = rest.substr(1, close - 1);
        std::string_view after = rest.substr(close + 1);
        if (!after.empty() && after.front() == ':') {
            port = after.substr(1);
            has_port = true;
        } else if (!after.empty() || default_port == 0) {
            return bad(text, "no ':PORT' after host");
        }
    } else {
        auto colon = rest.rfind(':');
        if (colon != std::string_view::npos) {
            host = rest.substr(0, colon);
            port = rest.substr(colon + 1);
            has_port = true;
        } else if (default_port != 0) {
            host = rest;
        } else {
            return bad(text, "no ':PORT' after host '" + std::string(rest) + "'");
        }
    }
    if (host.empty()) {
        return bad(text, "empty host");
    }
    long p = default_port;
    if (has_port && !parse_int(port, 1, 65535, p)) {
        return bad(text, "port '" + std::string(port) + "' is not a number in 1…65535");
    }
    ep.host = std::string(host);
    ep.port = static_cast<std::uint16_t>(p);
    return Endpoint{ep};
}

bool parse_hex16(std::string_view s, std::uint16_t& out) {
    unsigned v = 0;
    if (s.empty() || s.size() > 4) {
        return false;
    }
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v, 16);
    out = static_cast<std::uint16_t>(v);
    return ec == std::errc() && p == s.data() + s.size();
}

std::variant<Endpoint, api::DeviceError> parse_usbtmc(std::string_view text,
                                                      std::string_view rest) {
    UsbtmcEndpoint ep;
    const auto slash = rest.find('/');
    const std::string_view ids = rest.substr(0, slash);
    if (slash != std::string_view::npos) {
        ep.serial = std::string(rest.substr(slash + 1));
        if (ep.serial.find_first_of("/?&") != std::string::npos) {
            return bad(text, "serial '" + ep.serial + "' has a '/', '?' or '&'");
        }
    }
    const auto colon = ids.find(':');
    if (colon == std::string_view::npos) {
        return bad(text, "'" + std::string(ids) + "' is not VID:PID (usbtmc://0b21:0025)");
    }
    const std::string_view vid = ids.substr(0, colon);
    const std::string_view pid = ids.substr(colon + 1);
    if (!parse_hex16(vid, ep.vendor)) {
        return bad(text, "vendor ID '" + std::string(vid) + "' is not 1-4 hex digits");
    }
    if (!parse_hex16(pid, ep.product)) {
        return bad(text, "product ID '" + std::string(pid) + "' is not 1-4 hex digits");
    }
    return Endpoint{ep};
}

}  // namespace

std::variant<Endpoint, api::DeviceError> parse_connection(std::string_view text,
                                                          const SerialSettings& defaults) {
    return parse_connection(text, ConnectionDefaults{defaults, 0});
}

std::variant<Endpoint, api::DeviceError> parse_connection(std::string_view text,
                                                          const ConnectionDefaults& defaults) {
    auto sep = text.find("://");
    if (sep == std::string_view::npos) {
        return bad(text,
                   "no scheme (expected serial:///dev/…, tcp://host:port or usbtmc://VID:PID)");
    }
    std::string_view scheme = text.substr(0, sep);
    std::string_view rest = text.substr(sep + 3);
    if (scheme == "serial") {
        return parse_serial(text, rest, defaults.serial);
    }
    if (scheme == "tcp") {
        return parse_tcp(text, rest, defaults.tcp_port);
    }
    if (scheme == "usbtmc") {
        return parse_usbtmc(text, rest);
    }
    return bad(text, "unknown scheme '" + std::string(scheme) + "' (serial, tcp, usbtmc)");
}

std::string describe(const Endpoint& endpoint) {
    if (const auto* s = std::get_if<SerialEndpoint>(&endpoint)) {
        const char parity[] = {'N', 'O', 'E'};
        return s->path + " at " + std::to_string(s->settings.baud) + " " +
               std::to_string(s->settings.data_bits) +
               parity[static_cast<int>(s->settings.parity)] + std::to_string(s->settings.stop_bits);
    }
    if (const auto* u = std::get_if<UsbtmcEndpoint>(&endpoint)) {
        char ids[16];
        std::snprintf(ids, sizeof(ids), "%04x:%04x", u->vendor, u->product);
        return "USBTMC " + std::string(ids) + (u->serial.empty() ? "" : " serial " + u->serial);
    }
    const auto& t = std::get<TcpEndpoint>(endpoint);
    return t.host + ":" + std::to_string(t.port);
}

}  // namespace wattbench::drivers::transport
