#include "drivers/common/local_machine.hpp"

namespace wattbench::drivers::common {

std::optional<api::DeviceError> take_local_machine(api::DeviceConfig& config,
                                                   std::string_view scheme, std::string& root) {
    const std::string& c = config.connection;
    const std::string local = std::string(scheme) + "://local";
    if (!c.empty() && c != "local" && c != local && c != std::string(scheme) + "://") {
        return api::DeviceError{api::ErrorKind::config,
                                "connection '" + c + "': the " + std::string(scheme) +
                                    " driver reads this machine; use \"" + local + "\""};
    }
    if (auto r = config.options.take_string("root")) {
        if (r->empty() || r->front() != '/') {
            return api::DeviceError{api::ErrorKind::config,
                                    "key 'root': expected an absolute directory such as \"/\""};
        }
        root = *r;
    }
    return std::nullopt;
}

}  // namespace wattbench::drivers::common
