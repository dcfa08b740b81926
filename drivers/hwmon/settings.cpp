#include "drivers/hwmon/settings.hpp"

namespace wattbench::drivers::hwmon {

std::variant<Settings, api::DeviceError> parse_settings(api::DeviceConfig& config) {
    const std::string& c = config.connection;
    if (!c.empty() && c != "local" && c != "hwmon://local" && c != "hwmon://") {
        return api::DeviceError{
            api::ErrorKind::config,
            "connection '" + c + "': the hwmon driver reads this machine; use \"hwmon://local\""};
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
    // Several chips: a TOML list of strings or one comma-separated string.
    if (auto chips = o.take_comma_list("chips")) {
        std::string_view rest = *chips;
        while (!rest.empty()) {
            const std::size_t comma = rest.find(',');
            std::string_view item = rest.substr(0, comma);
            rest.remove_prefix(comma == std::string_view::npos ? rest.size() : comma + 1);
            while (!item.empty() && item.front() == ' ') {
                item.remove_prefix(1);
            }
            while (!item.empty() && item.back() == ' ') {
                item.remove_suffix(1);
            }
            if (item.empty()) {
                return api::DeviceError{api::ErrorKind::config,
                                        "key 'chips': expected chip names such as "
                                        "\"coretemp,nct6775\""};
            }
            s.chips.emplace_back(item);
        }
    }
    if (o.error()) {
        return *o.error();
    }
    return s;
}

}  // namespace wattbench::drivers::hwmon
