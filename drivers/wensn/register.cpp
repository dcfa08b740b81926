#include "drivers/wensn/register.hpp"

#include "drivers/api/factory_for.hpp"
#include "drivers/sound/range_part.hpp"
#include "drivers/usb/connection_part.hpp"
#include "drivers/wensn/driver.hpp"

namespace wattbench::drivers::wensn {

api::DriverInfo driver_info() {
    return api::DriverInfo{
        "wensn-ws1361", "Wensn WS1361/WS1381 USB sound level meter", "usb", "usb://16c0:05dc",
        api::factory_for<WensnDevice>(
            &sound::take_settings,
            sound::range_part(&range_index, "30-80, 40-90, 50-100, 60-110, 70-120, 80-130, 30-130"),
            usb::connection_part(0))};
}

std::vector<api::UsbDeclaration> usb_models() {
    // V-USB's shared ID: the scan shows the product string, so a user can tell the meter from
    // another V-USB gadget.
    api::UsbModel model{0x16c0, 0x05dc, "Wensn WS1361/WS1381", true, "sound level meter"};
    model.libusb = true;
    return {{"wensn-ws1361", model}};
}

}  // namespace wattbench::drivers::wensn
