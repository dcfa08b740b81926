#pragma once

#include "drivers/usb/usb_address.hpp"
#include "drivers/usb/usb_transport.hpp"

struct libusb_context;
struct libusb_device_handle;

namespace wattbench::drivers::usb {

// The real thing, over libusb-1.0. Each transport has its own libusb context, so devices on
// different sampler threads never share state.
class LibusbTransport : public UsbTransport {
public:
    LibusbTransport(UsbAddress address, int interface_number);
    ~LibusbTransport() override;
    LibusbTransport(const LibusbTransport&) = delete;
    LibusbTransport& operator=(const LibusbTransport&) = delete;

    std::optional<api::DeviceError> open() override;
    void close() override;
    bool is_open() const override { return handle_ != nullptr; }
    TransferResult control_in(const SetupPacket& setup, std::chrono::milliseconds timeout) override;
    std::optional<api::DeviceError> control_out(const SetupPacket& setup,
                                                std::span<const std::uint8_t> data,
                                                std::chrono::milliseconds timeout) override;
    TransferResult interrupt_in(std::uint8_t endpoint, std::size_t length,
                                std::chrono::milliseconds timeout) override;
    std::optional<api::DeviceError> interrupt_out(std::uint8_t endpoint,
                                                  std::span<const std::uint8_t> data,
                                                  std::chrono::milliseconds timeout) override;
    UsbDeviceStrings strings() const override { return strings_; }
    std::string name() const override { return "usb://" + address_.id(); }

private:
    api::DeviceError transfer_error(int code, const std::string& what);

    UsbAddress address_;
    int interface_;
    libusb_context* context_ = nullptr;
    libusb_device_handle* handle_ = nullptr;
    bool claimed_ = false;
    UsbDeviceStrings strings_;
};

}  // namespace wattbench::drivers::usb
