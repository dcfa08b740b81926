#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "drivers/api/device.hpp"
#include "drivers/api/reading.hpp"
#include "drivers/common/frame_assembler.hpp"
#include "drivers/common/wattmeter_channels.hpp"

namespace wattbench::drivers::wattsup {

// Pure codec for the Watts up? PRO / .NET serial protocol: `#<cmd>,<sub>,<N>,<args…>;` packets,
// upper case from the host, lower case from the meter, bytes outside packets ignored.

struct Packet {
    char command = 0;
    std::string sub;
    std::vector<std::string> args;
};

std::string version_request();                // #V,R,0;
std::string logging_request(int interval_s);  // #L,W,3,E,,<interval>;  external logging
std::string stop_request();                   // #L,W,0;

// Frames: from '#' to ';'. Bytes before a '#' are noise; a '#' that a second '#' follows before
// any ';' was a torn packet and is skipped; a packet longer than 512 bytes is noise too.
common::Scan scan_packet(std::span<const std::uint8_t> bytes);

// CR, LF and TAB inside a packet are ignored; N must match the argument count.
std::variant<Packet, std::string> parse_packet(std::span<const std::uint8_t> frame);

// Channel indexes of the record decode.
using enum common::WattmeterChannel;

// A `#d,-,18,…;` record → one reading per channel (W, V, WH, Hz, VA in tenths, A in
// thousandths, PF in percent; `_` = no value → unavailable). Error text when the packet is not
// a well-formed record.
std::variant<std::vector<api::Reading>, std::string> decode_record(const Packet& p);

// `#v,-,8,<model>,<mem>,<hwmaj>,<hwmin>,<fwmaj>,<fwmin>,<fwdate>,<ck>;` → identity.
std::optional<api::DeviceIdentity> decode_version(const Packet& p);

// Declared accuracy: ±1.5 % of reading.
constexpr double power_accuracy = 0.015;

}  // namespace wattbench::drivers::wattsup
