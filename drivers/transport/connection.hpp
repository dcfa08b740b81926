#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

#include "drivers/api/device_error.hpp"

namespace wattbench::drivers::transport {

enum class Parity { none, odd, even };

// Line settings of a serial port; `format` in a connection string spells them like "8N1".
struct SerialSettings {
    int baud = 9600;
    int data_bits = 8;
    Parity parity = Parity::none;
    int stop_bits = 1;
};

struct SerialEndpoint {
    std::string path;
    SerialSettings settings;
};

struct TcpEndpoint {
    std::string host;
    std::uint16_t port = 0;
};

// A USBTMC instrument by its USB IDs; `serial` (the iSerialNumber string) picks one of several
// alike, empty takes the first found.
struct UsbtmcEndpoint {
    std::uint16_t vendor = 0;
    std::uint16_t product = 0;
    std::string serial;
};

using Endpoint = std::variant<SerialEndpoint, TcpEndpoint, UsbtmcEndpoint>;

// What a connection string may leave out; each instrument model has its own factory settings.
// tcp_port 0 means the model has no default and `tcp://HOST` without a port is an error.
struct ConnectionDefaults {
    SerialSettings serial;
    std::uint16_t tcp_port = 0;
};

// Parses `serial:///dev/ttyUSB0?baud=9600&format=8N1`, `tcp://HOST[:PORT]` or
// `usbtmc://VID:PID[/SERIAL]` (IDs in hex). `defaults` fills
// what the string leaves out. Errors are `config` errors that quote the offending part. No I/O.
std::variant<Endpoint, api::DeviceError> parse_connection(std::string_view text,
                                                          const ConnectionDefaults& defaults);
std::variant<Endpoint, api::DeviceError> parse_connection(std::string_view text,
                                                          const SerialSettings& defaults = {});

std::string describe(const Endpoint& endpoint);

}  // namespace wattbench::drivers::transport
