#include "drivers/cem/register.hpp"

#include "drivers/cem/driver.hpp"
#include "drivers/transport/make_transport.hpp"

namespace wattbench::drivers::cem {
namespace {

std::variant<std::unique_ptr<api::Device>, api::DeviceError> create(api::DeviceConfig& config) {
    auto settings = sound::take_settings(config.options);
    if (auto* e = std::get_if<api::DeviceError>(&settings)) {
        return *e;
    }
    transport::SerialSettings defaults;  // 9600 8N1 (CP2102 bridge in the meter)
    auto ep = transport::parse_connection(config.connection, defaults);
    if (auto* e = std::get_if<api::DeviceError>(&ep)) {
        return *e;
    }
    return std::make_unique<CemDevice>(
        std::get<sound::Settings>(settings),
        transport::make_transport(std::get<transport::Endpoint>(ep)));
}

}  // namespace

api::DriverInfo driver_info() {
    return api::DriverInfo{"cem-dt885x", "CEM DT-8852/DT-885x sound level meter (streaming)",
                           "serial, tcp", "serial:///dev/ttyUSB0?baud=9600", &create};
}

}  // namespace wattbench::drivers::cem
