#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace wattbench::drivers::api {

// A USB ID an instrument shows (its USBTMC interface, the CDC serial adapter it carries or the
// interface its driver opens with libusb),
// declared by its driver so `wattbench devices --scan` can name what is plugged in.
struct UsbModel {
    std::uint16_t vendor = 0;
    std::optional<std::uint16_t> product;  // nullopt: any product of the vendor
    std::string description;               // "GW Instek GPM-8213"
    // Seen on a real device or in a primary source; false: assumed (the README says why).
    bool confirmed = false;
    std::string kind = "wattmeter";
    // Opened by its driver through libusb (usb://VID:PID: a HID or vendor-class interface), not
    // as USBTMC or a serial port: `devices --scan` finds it on the bus by this ID alone.
    bool libusb = false;
};

// A USB ID and the driver that declares it (a family's USB_LIST function,
// cmake/wattbench_driver.cmake).
struct UsbDeclaration {
    std::string driver;  // registry name, e.g. "gwinstek-gpm8213"
    UsbModel model;
};

}  // namespace wattbench::drivers::api
