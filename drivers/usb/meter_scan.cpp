#include "drivers/usb/meter_scan.hpp"

#include <libusb.h>

#include <fmt/format.h>

namespace wattbench::drivers::usb {

std::vector<FoundMeter> scan_sound_meters(std::span<const api::UsbDeclaration> declared) {
    std::vector<FoundMeter> found;
    libusb_context* ctx = nullptr;
    if (libusb_init(&ctx) != 0) {
        return found;
    }
    libusb_device** list = nullptr;
    const ssize_t count = libusb_get_device_list(ctx, &list);
    for (ssize_t i = 0; i < count; ++i) {
        libusb_device_descriptor d{};
        if (libusb_get_device_descriptor(list[i], &d) != 0) {
            continue;
        }
        for (const api::UsbDeclaration& k : declared) {
            if (!k.model.libusb || d.idVendor != k.model.vendor || k.model.product != d.idProduct) {
                continue;
            }
            FoundMeter m;
            m.driver = k.driver;
            m.connection = fmt::format("usb://{:04x}:{:04x}", d.idVendor, d.idProduct);
            libusb_device_handle* h = nullptr;
            if (const int rc = libusb_open(list[i], &h); rc != 0) {
                m.note = rc == LIBUSB_ERROR_ACCESS
                             ? "permission denied: install "
                               "resources/udev/60-wattbench-sound-meters.rules"
                             : libusb_strerror(rc);
            } else {
                unsigned char buf[256];
                if (d.iProduct != 0 &&
                    libusb_get_string_descriptor_ascii(h, d.iProduct, buf, sizeof(buf)) > 0) {
                    m.product = reinterpret_cast<const char*>(buf);
                }
                if (d.iSerialNumber != 0 &&
                    libusb_get_string_descriptor_ascii(h, d.iSerialNumber, buf, sizeof(buf)) > 0) {
                    m.connection += fmt::format("?serial={}", reinterpret_cast<const char*>(buf));
                }
                libusb_close(h);
            }
            found.push_back(std::move(m));
        }
    }
    if (list != nullptr) {  // allocated even when empty
        libusb_free_device_list(list, 1);
    }
    libusb_exit(ctx);
    return found;
}

}  // namespace wattbench::drivers::usb
