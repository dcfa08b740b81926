#include "drivers/api/registry.hpp"

#include <algorithm>

namespace wattbench::drivers::api {

void Registry::add(DriverInfo info) {
    drivers_.push_back(std::move(info));
    std::sort(drivers_.begin(), drivers_.end(),
              [](const DriverInfo& a, const DriverInfo& b) { return a.name < b.name; });
}

const DriverInfo* Registry::find(const std::string& name) const {
    for (const auto& d : drivers_) {
        if (d.name == name) {
            return &d;
        }
    }
    return nullptr;
}

std::variant<std::unique_ptr<Device>, DeviceError> Registry::create(DeviceConfig config) const {
    const DriverInfo* info = find(config.driver);
    if (!info) {
        return DeviceError{ErrorKind::config, "unknown driver '" + config.driver + "'"};
    }
    auto made = info->factory(config);
    if (std::holds_alternative<DeviceError>(made)) {
        return made;
    }
    if (config.options.error()) {
        return *config.options.error();
    }
    auto unused = config.options.unused();
    if (!unused.empty()) {
        return DeviceError{ErrorKind::config, "unknown key '" + unused.front() + "' for driver '" +
                                                  config.driver + "'"};
    }
    return made;
}

}  // namespace wattbench::drivers::api
