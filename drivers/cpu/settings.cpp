#include "drivers/cpu/settings.hpp"

namespace wattbench::drivers::cpu {

std::variant<Settings, api::DeviceError> parse_settings(api::DeviceConfig& config) {
    const std::string& c = config.connection;
    if (!c.empty() && c != "local" && c != "cpu://local" && c != "cpu://") {
        return api::DeviceError{api::ErrorKind::config,
                                "connection '" + c +
                                    "': the cpu driver reads this machine; use "
                                    "\"cpu://local\""};
    }
    Settings s;
    auto& o = config.options;
    if (auto root = o.take_string("root")) {
        if (root->empty() || root->front() != '/') {
            return api::DeviceError{api::ErrorKind::config,
                                    "key 'root': expected an absolute directory such as \"/\""};
        }
        s.root = *root;
    }
    if (auto v = o.take_bool("per_cpu")) {
        s.per_cpu = *v;
    }
    if (auto v = o.take_bool("frequency")) {
        s.frequency = *v;
    }
    if (o.error()) {
        return *o.error();
    }
    return s;
}

}  // namespace wattbench::drivers::cpu
