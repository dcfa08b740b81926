#include "drivers/tondaj/register.hpp"

#include "drivers/tondaj/driver.hpp"
#include "drivers/transport/make_transport.hpp"

namespace wattbench::drivers::tondaj {
namespace {

std::variant<std::unique_ptr<api::Device>, api::DeviceError> create(api::DeviceConfig& config) {
    auto settings = sound::take_settings(config.options);
    if (auto* e = std::get_if<api::DeviceError>(&settings)) {
        return *e;
    }
    transport::SerialSettings defaults;  // 9600 8E1
    defaults.parity = transport::Parity::even;
    auto ep = transport::parse_connection(config.connection, defaults);
    if (auto* e = std::get_if<api::DeviceError>(&ep)) {
        return *e;
    }
    return std::make_unique<TondajDevice>(
        std::get<sound::Settings>(settings),
        transport::make_transport(std::get<transport::Endpoint>(ep)));
}

}  // namespace

api::DriverInfo driver_info() {
    return api::DriverInfo{"tondaj-sl-814", "Tondaj SL-814 sound level meter (polled)",
                           "serial, tcp", "serial:///dev/ttyUSB0?baud=9600&format=8E1", &create};
}

}  // namespace wattbench::drivers::tondaj
