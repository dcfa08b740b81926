#include "drivers/zes/register.hpp"

#include "drivers/transport/make_transport.hpp"
#include "drivers/zes/model.hpp"
#include "drivers/zes/settings_parser.hpp"
#include "drivers/zes/zes_device.hpp"

namespace wattbench::drivers::zes {
namespace {

api::DriverInfo info(std::string_view driver) {
    const Model& model = *find_model(driver);
    api::Factory factory = [&model](api::DeviceConfig& config)
        -> std::variant<std::unique_ptr<api::Device>, api::DeviceError> {
        auto parsed = parse_settings(model, config);
        if (auto* e = std::get_if<api::DeviceError>(&parsed)) {
            return *e;
        }
        auto settings = std::get<Settings>(std::move(parsed));
        auto transport = transport::make_transport(settings.endpoint);
        return std::make_unique<ZesDevice>(std::move(settings), std::move(transport));
    };
    return api::DriverInfo{std::string(model.driver), std::string(model.description),
                           model.tcp_port ? "tcp, serial" : "serial, tcp",
                           std::string(model.default_connection), std::move(factory)};
}

}  // namespace

api::DriverInfo lmg95_driver_info() {
    return info("zes-lmg95");
}
api::DriverInfo lmg450_driver_info() {
    return info("zes-lmg450");
}
api::DriverInfo lmg500_driver_info() {
    return info("zes-lmg500");
}
api::DriverInfo lmg600_driver_info() {
    return info("zes-lmg600");
}

}  // namespace wattbench::drivers::zes
