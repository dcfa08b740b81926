#include "drivers/wattsup/register.hpp"

#include "drivers/transport/make_transport.hpp"
#include "drivers/wattsup/driver.hpp"

namespace wattbench::drivers::wattsup {
namespace {

std::variant<std::unique_ptr<api::Device>, api::DeviceError> create(api::DeviceConfig& config) {
    auto& o = config.options;
    const auto interval = o.take_integer("record_interval").value_or(1);
    if (o.error()) {
        return *o.error();
    }
    if (interval < 1 || interval > 3600) {
        return api::DeviceError{api::ErrorKind::config,
                                "key 'record_interval': " + std::to_string(interval) +
                                    " is not a whole number of seconds in 1…3600"};
    }
    // Current hardware runs 115200 8N1 (older meters 19200: say so in the connection string).
    transport::SerialSettings defaults;
    defaults.baud = 115200;
    auto ep = transport::parse_connection(config.connection, defaults);
    if (auto* e = std::get_if<api::DeviceError>(&ep)) {
        return *e;
    }
    return std::make_unique<WattsupDevice>(
        static_cast<int>(interval), transport::make_transport(std::get<transport::Endpoint>(ep)));
}

}  // namespace

api::DriverInfo driver_info() {
    return api::DriverInfo{"wattsup-pro", "Watts up? PRO / .NET plug-in power meter", "serial, tcp",
                           "serial:///dev/ttyUSB0?baud=115200", &create};
}

}  // namespace wattbench::drivers::wattsup
