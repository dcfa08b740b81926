#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "drivers/api/device_error.hpp"
#include "drivers/usb/usb_transport.hpp"

namespace wattbench::drivers::transport {

// Where the USBTMC function of a device sits: an interface of class 0xFE subclass 3 and its
// bulk pair. Endpoint addresses carry their direction bit (0x82 = EP 2 IN).
struct UsbtmcInterface {
    std::uint8_t number = 0;
    std::uint8_t bulk_out = 0;
    std::uint8_t bulk_in = 0;
    std::uint16_t max_packet = 64;  // bulk-IN wMaxPacketSize
};

// The USB side UsbtmcTransport needs: libusb on a real bus, an in-process instrument in tests.
// Errors as usb::UsbTransport's: `timeout`, `link_lost` (gone: the link is closed), `protocol`
// (a stall). One thread only; nothing throws.
class UsbtmcLink {
public:
    virtual ~UsbtmcLink() = default;

    // Finds the device and its USBTMC interface and claims it. Errors are `unreachable`.
    virtual std::optional<api::DeviceError> open() = 0;
    virtual void close() = 0;
    virtual bool is_open() const = 0;

    virtual std::optional<api::DeviceError> bulk_out(std::span<const std::uint8_t> data,
                                                     std::chrono::milliseconds timeout) = 0;
    // One bulk-IN transfer: up to `length` bytes, ending early at a short packet.
    virtual usb::TransferResult bulk_in(std::size_t length, std::chrono::milliseconds timeout) = 0;
    // The class requests (usbtmc_control.hpp) on endpoint 0.
    virtual usb::TransferResult control_in(const usb::SetupPacket& setup,
                                           std::chrono::milliseconds timeout) = 0;
    // CLEAR_FEATURE(ENDPOINT_HALT), after an aborted bulk-OUT or a clear.
    virtual void clear_halt(std::uint8_t endpoint) = 0;

    // Valid after a successful open().
    virtual UsbtmcInterface interface() const = 0;
    virtual usb::UsbDeviceStrings strings() const = 0;
    virtual std::string name() const = 0;
};

}  // namespace wattbench::drivers::transport
