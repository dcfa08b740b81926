#include "drivers/gm1356/register.hpp"

#include "drivers/api/factory_for.hpp"
#include "drivers/gm1356/driver.hpp"
#include "drivers/sound/range_part.hpp"
#include "drivers/usb/connection_part.hpp"

namespace wattbench::drivers::gm1356 {

api::DriverInfo driver_info() {
    return api::DriverInfo{
        "gm1356", "Benetech GM1356 USB sound level meter (HID)", "usb", "usb://64bd:74e3",
        api::factory_for<Gm1356Device>(
            &sound::take_settings, sound::range_part(&range_code, "30-130, 50-100, 60-110, 80-130"),
            usb::connection_part(0))};
}

std::vector<api::UsbDeclaration> usb_models() {
    api::UsbModel model{0x64bd, 0x74e3, "Benetech GM1356", true, "sound level meter"};
    model.libusb = true;
    return {{"gm1356", model}};
}

}  // namespace wattbench::drivers::gm1356
