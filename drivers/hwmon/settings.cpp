#include "drivers/hwmon/settings.hpp"

#include <algorithm>

#include "drivers/common/local_machine.hpp"
#include "drivers/common/name_list.hpp"

namespace wattbench::drivers::hwmon {

std::variant<Settings, api::DeviceError> parse_settings(api::DeviceConfig& config) {
    return common::parse_local_settings<Settings>(
        config, "hwmon", [](Settings& s, api::Options& o) -> std::optional<api::DeviceError> {
            // Several chips: a TOML list of strings or one comma-separated string.
            if (auto chips = o.take_comma_list("chips")) {
                s.chips = common::split_names(*chips);
                if (std::find(s.chips.begin(), s.chips.end(), "") != s.chips.end()) {
                    return api::DeviceError{api::ErrorKind::config,
                                            "key 'chips': expected chip names such as "
                                            "\"coretemp,nct6775\""};
                }
            }
            return std::nullopt;
        });
}

}  // namespace wattbench::drivers::hwmon
