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

}  // namespace wattbench::drivers::wensn
