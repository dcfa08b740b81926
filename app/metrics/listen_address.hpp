#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

namespace wattbench::metrics {

// Where --metrics-listen binds: a numeric address (IPv4, or IPv6 in brackets) and a port.
struct ListenAddress {
    bool ipv6 = false;
    std::string host;        // numeric, without brackets
    std::uint16_t port = 0;  // 0: any free port (the server says which)

    std::string text() const;  // "127.0.0.1:9877", "[::1]:9877"
};

// "9877" (loopback only: nothing is exposed beyond this machine unless asked),
// "127.0.0.1:9877", "0.0.0.0:9877", "[::1]:9877", "localhost:9877". Else an error saying what
// is wrong with `text`.
std::variant<ListenAddress, std::string> parse_listen_address(std::string_view text);

}  // namespace wattbench::metrics
