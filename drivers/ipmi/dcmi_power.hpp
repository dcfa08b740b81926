#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace wattbench::drivers::ipmi {

// DCMI Get Power Reading (NetFn 0x2C, command 0x02, group extension 0xDC), system power
// statistics mode. Pure: bytes in and out, no I/O.
struct DcmiPower {
    double current_w = 0;
    double minimum_w = 0;
    double maximum_w = 0;
    double average_w = 0;
    std::uint32_t timestamp = 0;
    std::uint32_t period_ms = 0;
    bool active = false;  // "power measurement active"; when clear the figures mean nothing
};

constexpr std::uint8_t kDcmiNetFn = 0x2C;

// The request as FreeIPMI's raw call takes it: command byte first, then the data
// `DC 01 00 00` (group extension, mode 1 = system power statistics, two reserved bytes).
std::vector<std::uint8_t> dcmi_power_request();

// The response with the command byte first, then completion code, group extension and the
// 17 data bytes (four u16 LE watts, u32 timestamp, u32 period, state). The error names what
// is wrong: a completion code other than 0 means the BMC has no DCMI power reading.
std::variant<DcmiPower, std::string> parse_dcmi_power(const std::uint8_t* bytes, std::size_t n);

}  // namespace wattbench::drivers::ipmi
