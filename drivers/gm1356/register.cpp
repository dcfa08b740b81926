#include "drivers/gm1356/register.hpp"

#include "drivers/gm1356/driver.hpp"
#include "drivers/usb/make_usb_transport.hpp"

namespace wattbench::drivers::gm1356 {
namespace {

std::variant<std::unique_ptr<api::Device>, api::DeviceError> create(api::DeviceConfig& config) {
    auto& o = config.options;
    auto settings = sound::take_settings(o);
    auto range = sound::take_range(o, &range_code, "30-130, 50-100, 60-110, 80-130");
    if (o.error()) {
        return *o.error();
    }
    if (auto* e = std::get_if<api::DeviceError>(&settings)) {
        return *e;
    }
    if (auto* e = std::get_if<api::DeviceError>(&range)) {
        return *e;
    }
    auto transport = usb::make_usb_transport(config.connection, 0);
    if (auto* e = std::get_if<api::DeviceError>(&transport)) {
        return *e;
    }
    return std::make_unique<Gm1356Device>(
        std::get<sound::Settings>(settings), std::get<std::optional<int>>(range),
        std::move(std::get<std::unique_ptr<usb::UsbTransport>>(transport)));
}

}  // namespace

api::DriverInfo driver_info() {
    return api::DriverInfo{"gm1356", "Benetech GM1356 USB sound level meter (HID)", "usb",
                           "usb://64bd:74e3", &create};
}

}  // namespace wattbench::drivers::gm1356
