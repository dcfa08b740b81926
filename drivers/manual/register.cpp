#include "drivers/manual/register.hpp"

#include "drivers/api/factory_for.hpp"
#include "drivers/manual/manual_device.hpp"

namespace wattbench::drivers::manual {
namespace {

// The device's id (its prompts name it), once the connection is checked to be none.
std::variant<std::string, api::DeviceError> id_without_connection(api::DeviceConfig& config) {
    if (!(config.connection.empty() || config.connection == "none" ||
          config.connection == "manual://")) {
        return api::DeviceError{api::ErrorKind::config,
                                "connection '" + config.connection +
                                    "': a manual meter has no connection (leave it out, or "
                                    "write \"none\")"};
    }
    return config.id;
}

}  // namespace

api::DriverInfo driver_info() {
    return api::DriverInfo{"manual",
                           "meter read by the operator (energy counter or power display), "
                           "prompted at window start and end",
                           "none", "none",
                           api::factory_for<ManualDevice>(&id_without_connection, &read_settings)};
}

}  // namespace wattbench::drivers::manual
