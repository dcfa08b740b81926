#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>

#include "drivers/api/registry.hpp"

namespace wattbench::drivers::ptdaemon {

constexpr std::uint16_t default_port = 8888;

// A range as the profile gives it: unset (PTD's as it is), "auto", or a number.
struct RangeSetting {
    bool given = false;
    std::optional<double> value;  // nullopt with `given`: auto
};

struct Settings {
    std::string device_id;
    std::string host;
    std::uint16_t port = default_port;
    RangeSetting voltage_range;   // V
    RangeSetting current_range;   // A
    int interval_ms = 1000;       // Go's sample interval; 0 lets PTD choose (SPEC's harness)
    std::optional<int> channels;  // analyzer channels; unset: as Identify says
    int timeout_ms = 2000;        // one answer
};

// `ptd://HOST[:PORT]` (IPv6 as `[addr]`) and the options, without I/O; errors name the
// device and the key.
std::variant<Settings, api::DeviceError> parse_settings(api::DeviceConfig& config);

// The range as `SR` writes it: "Auto" or the number.
std::string range_argument(const RangeSetting& r);

}  // namespace wattbench::drivers::ptdaemon
