#include "drivers/scpi_analyzer/driver_info.hpp"

#include "drivers/scpi_analyzer/analyzer_device.hpp"
#include "drivers/scpi_analyzer/settings_parser.hpp"
#include "drivers/transport/make_transport.hpp"

namespace wattbench::drivers::scpi_analyzer {

api::DriverInfo driver_info(const Model& model) {
    const Model* m = &model;
    api::Factory factory = [m](api::DeviceConfig& config)
        -> std::variant<std::unique_ptr<api::Device>, api::DeviceError> {
        auto parsed = parse_settings(*m, config);
        if (auto* e = std::get_if<api::DeviceError>(&parsed)) {
            return *e;
        }
        auto settings = std::get<Settings>(std::move(parsed));
        auto raw = transport::make_transport(settings.endpoint);
        auto link =
            m->dialect->link ? m->dialect->link(std::move(raw), settings.endpoint) : std::move(raw);
        return std::make_unique<AnalyzerDevice>(*m, std::move(settings), std::move(link));
    };
    std::string example = model.example_connection;
    if (example.empty()) {
        example = model.tcp_port != 0 ? "tcp://192.0.2.7:" + std::to_string(model.tcp_port)
                                      : "serial:///dev/ttyUSB0";
    }
    return api::DriverInfo{model.driver, model.description, model.transports, example,
                           std::move(factory)};
}

std::vector<api::DriverInfo> driver_infos(std::span<const Model> models) {
    std::vector<api::DriverInfo> out;
    out.reserve(models.size());
    for (const auto& m : models) {
        out.push_back(driver_info(m));
    }
    return out;
}

std::vector<api::UsbDeclaration> usb_declarations(std::span<const Model> models) {
    std::vector<api::UsbDeclaration> out;
    for (const auto& m : models) {
        for (const auto& id : m.usb) {
            out.push_back({m.driver, id});
        }
    }
    return out;
}

}  // namespace wattbench::drivers::scpi_analyzer
