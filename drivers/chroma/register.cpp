#include "drivers/chroma/register.hpp"

#include "drivers/chroma/chroma_device.hpp"
#include "drivers/chroma/model.hpp"
#include "drivers/chroma/settings_parser.hpp"
#include "drivers/transport/make_transport.hpp"

namespace wattbench::drivers::chroma {
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
        return std::make_unique<ChromaDevice>(std::move(settings), std::move(transport));
    };
    return api::DriverInfo{std::string(model.driver), std::string(model.description), "serial, tcp",
                           std::string(model.default_connection), std::move(factory)};
}

}  // namespace

api::DriverInfo c66202_driver_info() {
    return info("chroma-66202");
}
api::DriverInfo c66203_driver_info() {
    return info("chroma-66203");
}
api::DriverInfo c66204_driver_info() {
    return info("chroma-66204");
}

}  // namespace wattbench::drivers::chroma
