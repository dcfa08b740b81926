#pragma once

#include <memory>
#include <string_view>
#include <variant>

#include "drivers/api/device_error.hpp"
#include "drivers/usb/usb_transport.hpp"

namespace wattbench::drivers::usb {

// `usb://VID:PID[?serial=…&product=…]` → libusb, claiming `interface_number`;
// `replay:///path/to/fixture` → a ReplayTransport (demos and tests without hardware).
// `default_product` narrows a shared VID:PID unless the string names its own `product`.
// No I/O; errors are `config` errors quoting the string.
std::variant<std::unique_ptr<UsbTransport>, api::DeviceError> make_usb_transport(
    std::string_view connection, int interface_number, std::string_view default_product = {});

}  // namespace wattbench::drivers::usb
