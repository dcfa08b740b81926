#include "drivers/eastron/register.hpp"

#include "drivers/eastron/driver.hpp"
#include "drivers/transport/make_transport.hpp"

namespace wattbench::drivers::eastron {
namespace {

api::DeviceError bad(const std::string& key, const std::string& why) {
    return api::DeviceError{api::ErrorKind::config, "key '" + key + "': " + why};
}

std::variant<std::unique_ptr<api::Device>, api::DeviceError> create(api::DeviceConfig& config) {
    auto& o = config.options;
    const std::string model_name = o.take_string("model").value_or("sdm120");
    const auto address = o.take_integer("address").value_or(1);
    if (o.error()) {
        return *o.error();
    }
    auto model = find_model(model_name);
    if (!model) {
        return bad("model", "\"" + model_name + "\" is not one of sdm120, sdm230, sdm630");
    }
    if (address < 1 || address > 247) {
        return bad("address", std::to_string(address) + " is not a Modbus address in 1…247");
    }
    // Factory line settings: SDM120/230 2400 8N1, SDM630 9600 8N1.
    transport::SerialSettings defaults;
    defaults.baud = model_name == "sdm630" ? 9600 : 2400;
    auto ep = transport::parse_connection(config.connection, defaults);
    if (auto* e = std::get_if<api::DeviceError>(&ep)) {
        return *e;
    }
    return std::make_unique<SdmDevice>(
        std::move(*model), static_cast<std::uint8_t>(address),
        transport::make_transport(std::get<transport::Endpoint>(ep)));
}

}  // namespace

api::DriverInfo driver_info() {
    return api::DriverInfo{"eastron-sdm", "Eastron SDM120/SDM230/SDM630 energy meter (Modbus RTU)",
                           "serial, tcp", "serial:///dev/ttyUSB0?baud=2400", &create};
}

}  // namespace wattbench::drivers::eastron
