#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

#include "drivers/api/device_error.hpp"

namespace wattbench::drivers::usb {

// Which USB device to open: `usb://VID:PID[?serial=…][&product=…]`, IDs in hex. `product`
// narrows shared IDs (16c0:05dc is V-USB's generic ID, used by many unrelated gadgets) to
// devices whose product string contains it, ignoring case.
struct UsbAddress {
    std::uint16_t vendor = 0;
    std::uint16_t product = 0;
    std::string serial;          // empty: any
    std::string product_string;  // empty: any

    std::string id() const;  // "16c0:05dc"
};

// Config errors quote the connection string. No I/O.
std::variant<UsbAddress, api::DeviceError> parse_usb_address(std::string_view text);

}  // namespace wattbench::drivers::usb
