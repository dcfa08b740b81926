#include "drivers/wattsup/register.hpp"

#include "drivers/api/factory_for.hpp"
#include "drivers/transport/connection_part.hpp"
#include "drivers/wattsup/driver.hpp"

namespace wattbench::drivers::wattsup {
namespace {

std::variant<int, api::DeviceError> take_interval(api::Options& o) {
    const auto interval = o.take_integer("record_interval").value_or(1);
    if (interval < 1 || interval > 3600) {
        return api::DeviceError{api::ErrorKind::config,
                                "key 'record_interval': " + std::to_string(interval) +
                                    " is not a whole number of seconds in 1…3600"};
    }
    return static_cast<int>(interval);
}

}  // namespace

api::DriverInfo driver_info() {
    // Current hardware runs 115200 8N1 (older meters 19200: say so in the connection string).
    transport::SerialSettings defaults;
    defaults.baud = 115200;
    return api::DriverInfo{
        "wattsup-pro", "Watts up? PRO / .NET plug-in power meter", "serial, tcp",
        "serial:///dev/ttyUSB0?baud=115200",
        api::factory_for<WattsupDevice>(&take_interval, transport::connection_part(defaults))};
}

}  // namespace wattbench::drivers::wattsup
