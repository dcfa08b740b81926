#include "drivers/usb/libusb_transport.hpp"

#include <libusb.h>

#include <algorithm>
#include <cctype>
#include <climits>

#include <fmt/format.h>

namespace wattbench::drivers::usb {
namespace {

unsigned int to_ms(std::chrono::milliseconds t) {
    return static_cast<unsigned int>(std::clamp<std::int64_t>(t.count(), 1, INT_MAX));
}

std::string read_string(libusb_device_handle* h, std::uint8_t index) {
    if (index == 0) {
        return {};
    }
    unsigned char buf[256];
    const int n = libusb_get_string_descriptor_ascii(h, index, buf, sizeof(buf));
    return n > 0 ? std::string(reinterpret_cast<const char*>(buf), static_cast<std::size_t>(n))
                 : std::string{};
}

bool contains_nocase(const std::string& haystack, const std::string& needle) {
    auto lower = [](std::string s) {
        std::transform(s.begin(), s.end(), s.begin(),
                       [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        return s;
    };
    return lower(haystack).find(lower(needle)) != std::string::npos;
}

}  // namespace

LibusbTransport::LibusbTransport(UsbAddress address, int interface_number)
    : address_(std::move(address)), interface_(interface_number) {}

LibusbTransport::~LibusbTransport() {
    close();
}

std::optional<api::DeviceError> LibusbTransport::open() {
    close();
    if (const int rc = libusb_init(&context_); rc != 0) {
        context_ = nullptr;
        return api::DeviceError{api::ErrorKind::unreachable,
                                fmt::format("libusb: {}", libusb_strerror(rc))};
    }
    libusb_device** list = nullptr;
    const ssize_t count = libusb_get_device_list(context_, &list);
    std::string refused;  // why a device with the right IDs was passed over
    for (ssize_t i = 0; i < count && handle_ == nullptr; ++i) {
        libusb_device_descriptor d{};
        if (libusb_get_device_descriptor(list[i], &d) != 0 || d.idVendor != address_.vendor ||
            d.idProduct != address_.product) {
            continue;
        }
        const std::string where = fmt::format("bus {} device {}", libusb_get_bus_number(list[i]),
                                              libusb_get_device_address(list[i]));
        libusb_device_handle* h = nullptr;
        if (const int rc = libusb_open(list[i], &h); rc != 0) {
            refused = rc == LIBUSB_ERROR_ACCESS
                          ? fmt::format(
                                "permission denied on {} ({}): install "
                                "resources/udev/60-wattbench-sound-meters.rules",
                                address_.id(), where)
                          : fmt::format("{} ({}): {}", address_.id(), where, libusb_strerror(rc));
            continue;
        }
        UsbDeviceStrings s{read_string(h, d.iManufacturer), read_string(h, d.iProduct),
                           read_string(h, d.iSerialNumber)};
        if (!address_.product_string.empty() &&
            !contains_nocase(s.product, address_.product_string)) {
            refused = fmt::format("{} ({}) is a \"{}\", not a \"{}\"", address_.id(), where,
                                  s.product, address_.product_string);
            libusb_close(h);
            continue;
        }
        if (!address_.serial.empty() && s.serial != address_.serial) {
            refused = fmt::format("{} ({}) has serial \"{}\"", address_.id(), where, s.serial);
            libusb_close(h);
            continue;
        }
        handle_ = h;
        strings_ = std::move(s);
    }
    if (list != nullptr) {  // allocated even when empty
        libusb_free_device_list(list, 1);
    }
    if (handle_ == nullptr) {
        std::string msg = fmt::format("no USB device {} found", address_.id());
        if (!refused.empty()) {
            msg += " (" + refused + ")";
        }
        close();
        return api::DeviceError{api::ErrorKind::unreachable, msg};
    }
    // usbhid binds to HID meters; libusb gives the interface back to it on release.
    if (libusb_set_auto_detach_kernel_driver(handle_, 1) != LIBUSB_SUCCESS &&
        libusb_kernel_driver_active(handle_, interface_) == 1) {
        libusb_detach_kernel_driver(handle_, interface_);
    }
    if (const int rc = libusb_claim_interface(handle_, interface_); rc != 0) {
        auto e = api::DeviceError{api::ErrorKind::unreachable,
                                  fmt::format("{}: cannot claim interface {}: {}", name(),
                                              interface_, libusb_strerror(rc))};
        close();
        return e;
    }
    claimed_ = true;
    return std::nullopt;
}

void LibusbTransport::close() {
    if (handle_ != nullptr) {
        if (claimed_) {
            libusb_release_interface(handle_, interface_);
        }
        libusb_close(handle_);
        handle_ = nullptr;
    }
    claimed_ = false;
    if (context_ != nullptr) {
        libusb_exit(context_);
        context_ = nullptr;
    }
}

api::DeviceError LibusbTransport::transfer_error(int code, const std::string& what) {
    const std::string msg = fmt::format("{}: {}: {}", name(), what, libusb_strerror(code));
    switch (code) {
        case LIBUSB_ERROR_TIMEOUT:
            return {api::ErrorKind::timeout, msg};
        case LIBUSB_ERROR_PIPE:
        case LIBUSB_ERROR_OVERFLOW:
        case LIBUSB_ERROR_INVALID_PARAM:
            return {api::ErrorKind::protocol, msg};
        default:  // NO_DEVICE, IO, NOT_FOUND, ...: the device is gone or the bus broke
            close();
            return {api::ErrorKind::link_lost, msg};
    }
}

TransferResult LibusbTransport::control_in(const SetupPacket& s,
                                           std::chrono::milliseconds timeout) {
    if (!is_open()) {
        return api::DeviceError{api::ErrorKind::link_lost, name() + ": not open"};
    }
    Bytes buf(s.length);
    const int n = libusb_control_transfer(handle_, s.request_type, s.request, s.value, s.index,
                                          buf.data(), s.length, to_ms(timeout));
    if (n < 0) {
        return transfer_error(n, "control IN " + describe(s));
    }
    buf.resize(static_cast<std::size_t>(n));
    return buf;
}

std::optional<api::DeviceError> LibusbTransport::control_out(const SetupPacket& s,
                                                             std::span<const std::uint8_t> data,
                                                             std::chrono::milliseconds timeout) {
    if (!is_open()) {
        return api::DeviceError{api::ErrorKind::link_lost, name() + ": not open"};
    }
    Bytes buf(data.begin(), data.end());
    const int n =
        libusb_control_transfer(handle_, s.request_type, s.request, s.value, s.index, buf.data(),
                                static_cast<std::uint16_t>(buf.size()), to_ms(timeout));
    if (n < 0) {
        return transfer_error(n, "control OUT " + describe(s));
    }
    return std::nullopt;
}

TransferResult LibusbTransport::interrupt_in(std::uint8_t endpoint, std::size_t length,
                                             std::chrono::milliseconds timeout) {
    if (!is_open()) {
        return api::DeviceError{api::ErrorKind::link_lost, name() + ": not open"};
    }
    Bytes buf(length);
    int got = 0;
    const int rc = libusb_interrupt_transfer(handle_, endpoint, buf.data(),
                                             static_cast<int>(length), &got, to_ms(timeout));
    if (rc != 0 && !(rc == LIBUSB_ERROR_TIMEOUT && got > 0)) {
        return transfer_error(rc, fmt::format("interrupt IN {:02X}", endpoint));
    }
    buf.resize(static_cast<std::size_t>(got));
    return buf;
}

std::optional<api::DeviceError> LibusbTransport::interrupt_out(std::uint8_t endpoint,
                                                               std::span<const std::uint8_t> data,
                                                               std::chrono::milliseconds timeout) {
    if (!is_open()) {
        return api::DeviceError{api::ErrorKind::link_lost, name() + ": not open"};
    }
    Bytes buf(data.begin(), data.end());
    int sent = 0;
    const int rc = libusb_interrupt_transfer(handle_, endpoint, buf.data(),
                                             static_cast<int>(buf.size()), &sent, to_ms(timeout));
    if (rc != 0) {
        return transfer_error(rc, fmt::format("interrupt OUT {:02X}", endpoint));
    }
    return std::nullopt;
}

}  // namespace wattbench::drivers::usb
