#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "drivers/api/device_error.hpp"
#include "drivers/usb/setup_packet.hpp"

namespace wattbench::drivers::usb {

using Bytes = std::vector<std::uint8_t>;
// Bytes received, or an error: `timeout` (no answer in time, the device is still there),
// `link_lost` (unplugged or the bus failed: close and reopen), `protocol` (the device stalled
// the request).
using TransferResult = std::variant<Bytes, api::DeviceError>;

// Strings from the device descriptor, read at open().
struct UsbDeviceStrings {
    std::string manufacturer;
    std::string product;
    std::string serial;
};

// Transfers to one USB device, the level the sound meter protocols are specified at. Drivers
// talk to this and do not know whether libusb or a recorded fixture answers. One thread only;
// nothing throws.
class UsbTransport {
public:
    virtual ~UsbTransport() = default;

    // Finds the device, detaches a kernel driver bound to the interface (usbhid grabs HID
    // meters) and claims it. Errors are `unreachable` (not there, no permission) or `config`.
    virtual std::optional<api::DeviceError> open() = 0;
    virtual void close() = 0;
    virtual bool is_open() const = 0;

    // Control transfers on endpoint 0. control_in returns what the device sent (at most
    // setup.length bytes, possibly fewer).
    virtual TransferResult control_in(const SetupPacket& setup,
                                      std::chrono::milliseconds timeout) = 0;
    virtual std::optional<api::DeviceError> control_out(const SetupPacket& setup,
                                                        std::span<const std::uint8_t> data,
                                                        std::chrono::milliseconds timeout) = 0;
    // Interrupt transfers; `endpoint` is the address with its direction bit (0x81 = EP 1 IN).
    virtual TransferResult interrupt_in(std::uint8_t endpoint, std::size_t length,
                                        std::chrono::milliseconds timeout) = 0;
    virtual std::optional<api::DeviceError> interrupt_out(std::uint8_t endpoint,
                                                          std::span<const std::uint8_t> data,
                                                          std::chrono::milliseconds timeout) = 0;

    // Valid after a successful open().
    virtual UsbDeviceStrings strings() const = 0;
    // "usb://16c0:05dc" or the fixture's path, for messages.
    virtual std::string name() const = 0;
};

}  // namespace wattbench::drivers::usb
