#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "drivers/usb/setup_packet.hpp"
#include "drivers/usb/usb_transport.hpp"

namespace wattbench::drivers::usb {

// One recorded step of a USB session, as a replay fixture spells it (drivers/usb/README.md):
//   open | open unreachable
//   strings manufacturer="…" product="…" serial="…"
//   ctrl_in  C0 04 0000 0000 00C8 -> 1A 02 | timeout | stall | disconnect
//   ctrl_out 40 03 0012 0000 0000 [: DATA] -> ok | timeout | stall | disconnect
//   int_out  02 B3 ?? ?? ?? 00 00 00 00 -> ok | timeout | stall | disconnect
//   int_in   81 8 -> 02 1C 40 00 00 00 00 00 | timeout | stall | disconnect
// `??` in OUT data matches any byte (the GM1356's random request bytes).
struct ReplayStep {
    enum class Kind { open, strings, control_in, control_out, interrupt_in, interrupt_out };
    enum class Outcome { ok, timeout, stall, disconnect, unreachable };

    Kind kind = Kind::open;
    Outcome outcome = Outcome::ok;
    std::size_t line = 0;
    SetupPacket setup;                                // control transfers
    std::uint8_t endpoint = 0;                        // interrupt transfers
    std::size_t length = 0;                           // int_in: bytes asked for
    std::vector<std::optional<std::uint8_t>> expect;  // OUT data; nullopt = any byte
    Bytes reply;                                      // IN data when outcome is ok
    UsbDeviceStrings strings;                         // Kind::strings
};

// "FILE:LINE: what" on the first bad line. Pure: the text is already read.
std::variant<std::vector<ReplayStep>, std::string> parse_replay_script(std::string_view text,
                                                                       std::string_view file);

// How a step reads in messages: "ctrl_in C0 04 0000 0000 00C8".
std::string describe(const ReplayStep& step);

}  // namespace wattbench::drivers::usb
