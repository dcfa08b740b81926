#include "drivers/manual/register.hpp"

#include "drivers/manual/manual_device.hpp"

namespace wattbench::drivers::manual {
namespace {

std::variant<std::unique_ptr<api::Device>, api::DeviceError> create(api::DeviceConfig& config) {
    if (!(config.connection.empty() || config.connection == "none" ||
          config.connection == "manual://")) {
        return api::DeviceError{api::ErrorKind::config,
                                "connection '" + config.connection +
                                    "': a manual meter has no connection (leave it out, or "
                                    "write \"none\")"};
    }
    auto settings = read_settings(config.options);
    if (auto* e = std::get_if<api::DeviceError>(&settings)) {
        return *e;
    }
    return std::make_unique<ManualDevice>(config.id, std::get<Settings>(std::move(settings)));
}

}  // namespace

api::DriverInfo driver_info() {
    return api::DriverInfo{"manual",
                           "meter read by the operator (energy counter or power display), "
                           "prompted at window start and end",
                           "none", "none", &create};
}

}  // namespace wattbench::drivers::manual
