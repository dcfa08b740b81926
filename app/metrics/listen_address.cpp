#include "app/metrics/listen_address.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>

#include <charconv>

namespace wattbench::metrics {

namespace {

std::variant<std::uint16_t, std::string> parse_port(std::string_view p) {
    unsigned value = 0;
    const auto* end = p.data() + p.size();
    const auto [ptr, ec] = std::from_chars(p.data(), end, value);
    if (p.empty() || ec != std::errc() || ptr != end || value > 65535) {
        return "the port '" + std::string(p) + "' is not a number from 0 to 65535";
    }
    return static_cast<std::uint16_t>(value);
}

}  // namespace

std::string ListenAddress::text() const {
    return (ipv6 ? "[" + host + "]" : host) + ":" + std::to_string(port);
}

std::variant<ListenAddress, std::string> parse_listen_address(std::string_view text) {
    ListenAddress a;
    std::string_view host = "127.0.0.1";
    std::string_view port = text;
    if (!text.empty() && text.front() == '[') {
        const auto close = text.find(']');
        if (close == std::string_view::npos || close + 1 >= text.size() || text[close + 1] != ':') {
            return std::string("an IPv6 address is written [ADDR]:PORT");
        }
        host = text.substr(1, close - 1);
        port = text.substr(close + 2);
        a.ipv6 = true;
    } else if (const auto colon = text.rfind(':'); colon != std::string_view::npos) {
        host = text.substr(0, colon);
        port = text.substr(colon + 1);
        if (host.find(':') != std::string_view::npos) {
            return std::string("an IPv6 address is written [ADDR]:PORT");
        }
        if (host.empty()) {
            return std::string("give ADDR:PORT or only a port (which listens on 127.0.0.1)");
        }
        if (host == "localhost") {
            host = "127.0.0.1";
        }
    }
    auto p = parse_port(port);
    if (auto* err = std::get_if<std::string>(&p)) {
        return *err;
    }
    a.port = std::get<std::uint16_t>(p);
    a.host = std::string(host);
    unsigned char buf[sizeof(in6_addr)];
    if (a.host.find('\0') != std::string::npos ||
        inet_pton(a.ipv6 ? AF_INET6 : AF_INET, a.host.c_str(), buf) != 1) {
        return "'" + a.host + "' is not a numeric " + (a.ipv6 ? "IPv6" : "IPv4") + " address";
    }
    return a;
}

}  // namespace wattbench::metrics
