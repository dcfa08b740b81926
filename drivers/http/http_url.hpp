#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

#include "drivers/api/device_error.hpp"

namespace wattbench::drivers::http {

// A plug's `http://HOST[:PORT]` (or https) connection string.
struct HttpUrl {
    std::string scheme;      // "http" or "https"
    std::string host;        // as written; IPv6 literals keep their brackets
    std::uint16_t port = 0;  // 0: the scheme's own

    std::string base_url() const;  // "http://host[:port]", no path
    std::string address() const;   // "host[:port]", for messages
};

// Refuses credentials in the string (user:password@ ends up in shell history and manifests),
// paths, queries and ports out of range. No I/O.
std::variant<HttpUrl, api::DeviceError> parse_http_url(std::string_view text);

}  // namespace wattbench::drivers::http
