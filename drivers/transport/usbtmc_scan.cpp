#include "drivers/transport/usbtmc_scan.hpp"

#include <libusb.h>

#include <fmt/format.h>

#include "drivers/transport/usbtmc_libusb_link.hpp"

namespace wattbench::drivers::transport {
namespace {

FoundUsbtmc describe_device(libusb_device* device, const libusb_device_descriptor& d) {
    FoundUsbtmc f;
    f.connection = fmt::format("usbtmc://{:04x}:{:04x}", d.idVendor, d.idProduct);
    f.vid = d.idVendor;
    f.pid = d.idProduct;
    libusb_device_handle* h = nullptr;
    if (const int rc = libusb_open(device, &h); rc != 0) {
        f.note = rc == LIBUSB_ERROR_ACCESS
                     ? "permission denied: add a udev rule (drivers/transport/README.md)"
                     : libusb_strerror(rc);
        return f;
    }
    f.manufacturer = usb_string(h, d.iManufacturer);
    f.product = usb_string(h, d.iProduct);
    const std::string serial = usb_string(h, d.iSerialNumber);
    f.connection += serial.empty() ? "" : "/" + serial;
    libusb_close(h);
    return f;
}

}  // namespace

std::vector<FoundUsbtmc> scan_usbtmc() {
    std::vector<FoundUsbtmc> found;
    libusb_context* ctx = nullptr;
    if (libusb_init(&ctx) != 0) {
        return found;
    }
    for_each_usb_device(ctx, [&](libusb_device* device) {
        libusb_device_descriptor d{};
        if (libusb_get_device_descriptor(device, &d) == 0 && usbtmc_interface_of(device)) {
            found.push_back(describe_device(device, d));
        }
        return false;
    });
    libusb_exit(ctx);
    return found;
}

}  // namespace wattbench::drivers::transport
