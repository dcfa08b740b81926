#include "drivers/transport/usbtmc_libusb_link.hpp"

#include <libusb.h>

#include <algorithm>
#include <climits>
#include <utility>

#include <fmt/format.h>

namespace wattbench::drivers::transport {
namespace {

constexpr std::uint8_t kClassApplication = 0xFE;
constexpr std::uint8_t kSubclassUsbtmc = 0x03;

unsigned int to_ms(std::chrono::milliseconds t) {
    return static_cast<unsigned int>(std::clamp<std::int64_t>(t.count(), 1, INT_MAX));
}

}  // namespace

std::string usb_string(libusb_device_handle* h, std::uint8_t index) {
    unsigned char buf[256];
    const int n = index == 0 ? 0 : libusb_get_string_descriptor_ascii(h, index, buf, sizeof(buf));
    return n > 0 ? std::string(reinterpret_cast<const char*>(buf), static_cast<std::size_t>(n))
                 : std::string{};
}

std::optional<UsbtmcInterface> find_usbtmc_interface(const libusb_config_descriptor& config) {
    for (int i = 0; i < config.bNumInterfaces; ++i) {
        const libusb_interface& itf = config.interface[i];
        for (int a = 0; a < itf.num_altsetting; ++a) {
            const libusb_interface_descriptor& d = itf.altsetting[a];
            if (d.bInterfaceClass != kClassApplication || d.bInterfaceSubClass != kSubclassUsbtmc) {
                continue;
            }
            UsbtmcInterface found;
            found.number = d.bInterfaceNumber;
            for (int e = 0; e < d.bNumEndpoints; ++e) {
                const libusb_endpoint_descriptor& ep = d.endpoint[e];
                if ((ep.bmAttributes & LIBUSB_TRANSFER_TYPE_MASK) != LIBUSB_TRANSFER_TYPE_BULK) {
                    continue;
                }
                if ((ep.bEndpointAddress & LIBUSB_ENDPOINT_IN) != 0) {
                    found.bulk_in = ep.bEndpointAddress;
                    found.max_packet = ep.wMaxPacketSize;
                } else {
                    found.bulk_out = ep.bEndpointAddress;
                }
            }
            if (found.bulk_in != 0 && found.bulk_out != 0) {
                return found;
            }
        }
    }
    return std::nullopt;
}

std::optional<UsbtmcInterface> usbtmc_interface_of(libusb_device* device) {
    libusb_config_descriptor* config = nullptr;
    if (libusb_get_active_config_descriptor(device, &config) != 0) {
        return std::nullopt;
    }
    auto found = find_usbtmc_interface(*config);
    libusb_free_config_descriptor(config);
    return found;
}

void for_each_usb_device(libusb_context* context,
                         const std::function<bool(libusb_device*)>& visit) {
    libusb_device** list = nullptr;
    const ssize_t count = libusb_get_device_list(context, &list);
    for (ssize_t i = 0; i < count; ++i) {
        if (visit(list[i])) {
            break;
        }
    }
    if (list != nullptr) {  // allocated even when empty
        libusb_free_device_list(list, 1);
    }
}

LibusbUsbtmcLink::~LibusbUsbtmcLink() {
    close();
}

std::string LibusbUsbtmcLink::name() const {
    return fmt::format("usbtmc://{:04x}:{:04x}{}", endpoint_.vendor, endpoint_.product,
                       endpoint_.serial.empty() ? "" : "/" + endpoint_.serial);
}

bool LibusbUsbtmcLink::try_device(libusb_device* device, std::string& refused) {
    libusb_device_descriptor d{};
    if (libusb_get_device_descriptor(device, &d) != 0 || d.idVendor != endpoint_.vendor ||
        d.idProduct != endpoint_.product) {
        return false;
    }
    const std::string where = fmt::format("bus {} device {}", libusb_get_bus_number(device),
                                          libusb_get_device_address(device));
    const auto itf = usbtmc_interface_of(device);
    if (!itf) {
        refused = fmt::format("{} has no USBTMC interface (class FE subclass 03)", where);
        return false;
    }
    libusb_device_handle* h = nullptr;
    if (const int rc = libusb_open(device, &h); rc != 0) {
        refused = rc == LIBUSB_ERROR_ACCESS ? fmt::format(
                                                  "permission denied on {}: add a udev rule for it "
                                                  "(drivers/transport/README.md)",
                                                  where)
                                            : fmt::format("{}: {}", where, libusb_strerror(rc));
        return false;
    }
    usb::UsbDeviceStrings s{usb_string(h, d.iManufacturer), usb_string(h, d.iProduct),
                            usb_string(h, d.iSerialNumber)};
    if (!endpoint_.serial.empty() && s.serial != endpoint_.serial) {
        refused = fmt::format("{} has serial \"{}\"", where, s.serial);
        libusb_close(h);
        return false;
    }
    handle_ = h;
    interface_ = *itf;
    strings_ = std::move(s);
    return true;
}

std::optional<api::DeviceError> LibusbUsbtmcLink::open() {
    close();
    if (const int rc = libusb_init(&context_); rc != 0) {
        context_ = nullptr;
        return api::DeviceError{api::ErrorKind::unreachable,
                                fmt::format("{}: libusb: {}", name(), libusb_strerror(rc))};
    }
    std::string refused;
    for_each_usb_device(context_, [&](libusb_device* d) { return try_device(d, refused); });
    if (handle_ == nullptr) {
        auto e = api::DeviceError{api::ErrorKind::unreachable,
                                  fmt::format("{}: no such USB device{}", name(),
                                              refused.empty() ? "" : " (" + refused + ")")};
        close();
        return e;
    }
    // The kernel's usbtmc driver holds the interface when its module is loaded; libusb gives it
    // back on release.
    libusb_set_auto_detach_kernel_driver(handle_, 1);
    if (const int rc = libusb_claim_interface(handle_, interface_.number); rc != 0) {
        auto e = api::DeviceError{
            api::ErrorKind::unreachable,
            fmt::format(
                "{}: cannot claim interface {}: {}{}", name(), interface_.number,
                libusb_strerror(rc),
                rc == LIBUSB_ERROR_BUSY ? " (is /dev/usbtmcN open in another program?)" : "")};
        close();
        return e;
    }
    claimed_ = true;
    return std::nullopt;
}

void LibusbUsbtmcLink::close() {
    if (claimed_) {
        libusb_release_interface(handle_, interface_.number);
        claimed_ = false;
    }
    if (handle_ != nullptr) {
        libusb_close(std::exchange(handle_, nullptr));
    }
    if (context_ != nullptr) {
        libusb_exit(std::exchange(context_, nullptr));
    }
}

api::DeviceError LibusbUsbtmcLink::transfer_error(int code, const std::string& what) {
    // A stall or an overlong reply leaves the device usable; any other failure but a timeout
    // means it was unplugged or the bus broke.
    const bool stalled = code == LIBUSB_ERROR_PIPE || code == LIBUSB_ERROR_OVERFLOW;
    const auto kind = code == LIBUSB_ERROR_TIMEOUT ? api::ErrorKind::timeout
                      : stalled                    ? api::ErrorKind::protocol
                                                   : api::ErrorKind::link_lost;
    if (kind == api::ErrorKind::link_lost) {
        close();
    }
    return {kind, fmt::format("{}: {}: {}", name(), what, libusb_strerror(code))};
}

std::optional<api::DeviceError> LibusbUsbtmcLink::bulk_out(std::span<const std::uint8_t> data,
                                                           std::chrono::milliseconds timeout) {
    if (!is_open()) {
        return api::DeviceError{api::ErrorKind::link_lost, name() + ": not open"};
    }
    usb::Bytes buf(data.begin(), data.end());
    int sent = 0;
    const int rc = libusb_bulk_transfer(handle_, interface_.bulk_out, buf.data(),
                                        static_cast<int>(buf.size()), &sent, to_ms(timeout));
    if (rc != 0) {
        return transfer_error(rc, fmt::format("bulk OUT {:02X}", interface_.bulk_out));
    }
    return std::nullopt;
}

usb::TransferResult LibusbUsbtmcLink::bulk_in(std::size_t length,
                                              std::chrono::milliseconds timeout) {
    if (!is_open()) {
        return api::DeviceError{api::ErrorKind::link_lost, name() + ": not open"};
    }
    usb::Bytes buf(length);
    int got = 0;
    const int rc = libusb_bulk_transfer(handle_, interface_.bulk_in, buf.data(),
                                        static_cast<int>(length), &got, to_ms(timeout));
    if (rc != 0 && !(rc == LIBUSB_ERROR_TIMEOUT && got > 0)) {
        return transfer_error(rc, fmt::format("bulk IN {:02X}", interface_.bulk_in));
    }
    buf.resize(static_cast<std::size_t>(got));
    return buf;
}

usb::TransferResult LibusbUsbtmcLink::control_in(const usb::SetupPacket& s,
                                                 std::chrono::milliseconds timeout) {
    if (!is_open()) {
        return api::DeviceError{api::ErrorKind::link_lost, name() + ": not open"};
    }
    usb::Bytes buf(s.length);
    const int n = libusb_control_transfer(handle_, s.request_type, s.request, s.value, s.index,
                                          buf.data(), s.length, to_ms(timeout));
    if (n < 0) {
        return transfer_error(n, "control IN " + usb::describe(s));
    }
    buf.resize(static_cast<std::size_t>(n));
    return buf;
}

void LibusbUsbtmcLink::clear_halt(std::uint8_t endpoint) {
    if (is_open()) {
        libusb_clear_halt(handle_, endpoint);
    }
}

}  // namespace wattbench::drivers::transport
