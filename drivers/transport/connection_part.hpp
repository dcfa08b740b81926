#pragma once

#include <memory>
#include <variant>

#include "drivers/api/registry.hpp"
#include "drivers/transport/make_transport.hpp"

namespace wattbench::drivers::transport {

// A part for api::factory_for: the device's connection string as its transport; `defaults` are
// the instrument's factory settings (line settings, TCP port), for what the string leaves out.
// No I/O.
inline auto connection_part(ConnectionDefaults defaults) {
    return [defaults](api::DeviceConfig& config)
               -> std::variant<std::unique_ptr<Transport>, api::DeviceError> {
        auto ep = parse_connection(config.connection, defaults);
        if (auto* e = std::get_if<api::DeviceError>(&ep)) {
            return *e;
        }
        return make_transport(std::get<Endpoint>(ep));
    };
}

inline auto connection_part(SerialSettings defaults) {
    return connection_part(ConnectionDefaults{defaults, 0});
}

}  // namespace wattbench::drivers::transport
