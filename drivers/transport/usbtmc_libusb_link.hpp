#pragma once

#include <functional>

#include "drivers/transport/connection.hpp"
#include "drivers/transport/usbtmc_link.hpp"

struct libusb_config_descriptor;
struct libusb_context;
struct libusb_device;
struct libusb_device_handle;

namespace wattbench::drivers::transport {

// The USBTMC interface of a device found by VID:PID (and serial) through libusb-1.0, one libusb
// context per link as in drivers/usb. The kernel's usbtmc driver, bound to the interface when
// the module is loaded, is detached at open() and given back at close() (README.md says why).
class LibusbUsbtmcLink : public UsbtmcLink {
public:
    explicit LibusbUsbtmcLink(UsbtmcEndpoint endpoint) : endpoint_(std::move(endpoint)) {}
    ~LibusbUsbtmcLink() override;
    LibusbUsbtmcLink(const LibusbUsbtmcLink&) = delete;
    LibusbUsbtmcLink& operator=(const LibusbUsbtmcLink&) = delete;

    std::optional<api::DeviceError> open() override;
    void close() override;
    bool is_open() const override { return handle_ != nullptr; }
    std::optional<api::DeviceError> bulk_out(std::span<const std::uint8_t> data,
                                             std::chrono::milliseconds timeout) override;
    usb::TransferResult bulk_in(std::size_t length, std::chrono::milliseconds timeout) override;
    usb::TransferResult control_in(const usb::SetupPacket& setup,
                                   std::chrono::milliseconds timeout) override;
    void clear_halt(std::uint8_t endpoint) override;
    UsbtmcInterface interface() const override { return interface_; }
    usb::UsbDeviceStrings strings() const override { return strings_; }
    std::string name() const override;

private:
    // Opens `device` when it is the one asked for; otherwise says why not in `refused`.
    bool try_device(libusb_device* device, std::string& refused);
    api::DeviceError transfer_error(int code, const std::string& what);

    UsbtmcEndpoint endpoint_;
    libusb_context* context_ = nullptr;
    libusb_device_handle* handle_ = nullptr;
    bool claimed_ = false;
    UsbtmcInterface interface_;
    usb::UsbDeviceStrings strings_;
};

// A string descriptor as ASCII; empty for index 0 or when the device does not give it.
std::string usb_string(libusb_device_handle* handle, std::uint8_t index);

// The first interface of class 0xFE subclass 3 with a bulk pair, if the configuration has one.
std::optional<UsbtmcInterface> find_usbtmc_interface(const libusb_config_descriptor& config);
// The same for a device's active configuration.
std::optional<UsbtmcInterface> usbtmc_interface_of(libusb_device* device);

// Calls `visit` with each device on the bus until it returns true.
void for_each_usb_device(libusb_context* context, const std::function<bool(libusb_device*)>& visit);

}  // namespace wattbench::drivers::transport
