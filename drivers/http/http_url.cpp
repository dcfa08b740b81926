#include "drivers/http/http_url.hpp"

#include <charconv>

namespace wattbench::drivers::http {

namespace {

api::DeviceError bad(std::string_view text, const std::string& why) {
    return api::DeviceError{api::ErrorKind::config,
                            "connection '" + std::string(text) + "': " + why +
                                " (expected http://HOST or http://HOST:PORT)"};
}

}  // namespace

std::string HttpUrl::address() const {
    return port ? host + ":" + std::to_string(port) : host;
}

std::string HttpUrl::base_url() const {
    return scheme + "://" + address();
}

std::variant<HttpUrl, api::DeviceError> parse_http_url(std::string_view text) {
    HttpUrl u;
    std::string_view rest = text;
    if (rest.starts_with("http://")) {
        u.scheme = "http";
        rest.remove_prefix(7);
    } else if (rest.starts_with("https://")) {
        u.scheme = "https";
        rest.remove_prefix(8);
    } else {
        return bad(text, "not an http:// or https:// address");
    }
    if (rest.ends_with("/")) {
        rest.remove_suffix(1);
    }
    if (rest.find('@') != std::string_view::npos) {
        return bad(text,
                   "no user or password in the address: the password comes from the "
                   "environment or password_file");
    }
    if (rest.find_first_of("/?#") != std::string_view::npos) {
        return bad(text, "no path or query: the driver knows the device's paths");
    }
    std::string_view host = rest;
    std::string_view port;
    if (rest.starts_with("[")) {
        const auto close = rest.find(']');
        if (close == std::string_view::npos) {
            return bad(text, "unclosed IPv6 literal");
        }
        host = rest.substr(0, close + 1);
        if (close + 1 < rest.size()) {
            if (rest[close + 1] != ':') {
                return bad(text, "junk after the IPv6 literal");
            }
            port = rest.substr(close + 2);
        }
    } else if (const auto colon = rest.find(':'); colon != std::string_view::npos) {
        host = rest.substr(0, colon);
        port = rest.substr(colon + 1);
    }
    if (host.empty() || host == "[]") {
        return bad(text, "no host");
    }
    u.host = std::string(host);
    if (!port.empty() || rest.ends_with(":")) {
        unsigned value = 0;
        const auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), value);
        if (ec != std::errc{} || end != port.data() + port.size() || value < 1 || value > 65535) {
            return bad(text, "port '" + std::string(port) + "' is not 1…65535");
        }
        u.port = static_cast<std::uint16_t>(value);
    }
    return u;
}

}  // namespace wattbench::drivers::http
