#pragma once

#include <cstdint>
#include <string>

namespace wattbench::drivers::usb {

// The 8-byte SETUP stage of a control transfer (USB 2.0 §9.3).
struct SetupPacket {
    std::uint8_t request_type = 0;  // bmRequestType: bit 7 set = device-to-host (IN)
    std::uint8_t request = 0;       // bRequest
    std::uint16_t value = 0;        // wValue
    std::uint16_t index = 0;        // wIndex
    std::uint16_t length = 0;       // wLength

    bool is_in() const { return (request_type & 0x80) != 0; }
    bool operator==(const SetupPacket&) const = default;
};

// "C0 04 0000 0000 00C8": the spelling of replay fixtures and error messages.
std::string describe(const SetupPacket& setup);

}  // namespace wattbench::drivers::usb
