#include "drivers/tektronix/register.hpp"

#include "drivers/tektronix/pa_device.hpp"
#include "drivers/tektronix/settings_parser.hpp"
#include "drivers/transport/make_transport.hpp"

namespace wattbench::drivers::tektronix {
namespace {

api::DriverInfo info(const Model& model) {
    return api::DriverInfo{std::string(model.driver), std::string(model.description), "tcp, serial",
                           "tcp://192.0.2.7:" + std::to_string(model.tcp_port),
                           [&model](api::DeviceConfig& config)
                               -> std::variant<std::unique_ptr<api::Device>, api::DeviceError> {
                               auto parsed = parse_settings(model, config);
                               if (auto* e = std::get_if<api::DeviceError>(&parsed)) {
                                   return *e;
                               }
                               auto settings = std::get<Settings>(std::move(parsed));
                               auto transport = transport::make_transport(settings.endpoint);
                               return std::make_unique<PaDevice>(std::move(settings),
                                                                 std::move(transport));
                           }};
}

}  // namespace

api::DriverInfo pa1000_driver_info() {
    return info(models()[0]);
}

api::DriverInfo pa3000_driver_info() {
    return info(models()[1]);
}

}  // namespace wattbench::drivers::tektronix
