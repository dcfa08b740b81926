#include "drivers/rapl/settings.hpp"

namespace wattbench::drivers::rapl {

std::variant<Settings, api::DeviceError> parse_settings(api::DeviceConfig& config) {
    const std::string& c = config.connection;
    if (!c.empty() && c != "local" && c != "rapl://local" && c != "rapl://") {
        return api::DeviceError{
            api::ErrorKind::config,
            "connection '" + c + "': the rapl driver reads this machine; use \"rapl://local\""};
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
    if (o.error()) {
        return *o.error();
    }
    return s;
}

}  // namespace wattbench::drivers::rapl
