#include "drivers/wensn/register.hpp"

#include "drivers/usb/make_usb_transport.hpp"
#include "drivers/wensn/driver.hpp"

namespace wattbench::drivers::wensn {
namespace {

std::variant<std::unique_ptr<api::Device>, api::DeviceError> create(api::DeviceConfig& config) {
    auto& o = config.options;
    auto settings = sound::take_settings(o);
    auto range =
        sound::take_range(o, &range_index, "30-80, 40-90, 50-100, 60-110, 70-120, 80-130, 30-130");
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
    return std::make_unique<WensnDevice>(
        std::get<sound::Settings>(settings), std::get<std::optional<int>>(range),
        std::move(std::get<std::unique_ptr<usb::UsbTransport>>(transport)));
}

}  // namespace

api::DriverInfo driver_info() {
    return api::DriverInfo{"wensn-ws1361", "Wensn WS1361/WS1381 USB sound level meter", "usb",
                           "usb://16c0:05dc", &create};
}

}  // namespace wattbench::drivers::wensn
