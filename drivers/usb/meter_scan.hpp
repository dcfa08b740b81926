#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "drivers/api/usb_model.hpp"

namespace wattbench::drivers::usb {

// A USB instrument its driver opens with libusb (a sound level meter) found on the bus, for
// `wattbench devices --scan`.
struct FoundMeter {
    std::string driver;      // the registry name of the driver that declares the ID
    std::string connection;  // "usb://16c0:05dc" (with ?serial=… when it has one)
    std::string product;     // the descriptor's product string; empty when unreadable
    std::string note;        // "permission denied: …" when it could not be opened
};

// Lists present devices with the VID:PID of a declaration in `declared` that is `libusb` and
// names its product (drivers/catalogue's builtin_usb_models(): the drivers' USB_LIST). Never
// fails: no libusb, no bus or no device all give an empty list.
std::vector<FoundMeter> scan_sound_meters(std::span<const api::UsbDeclaration> declared);

}  // namespace wattbench::drivers::usb
