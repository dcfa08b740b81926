#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "drivers/api/registry.hpp"

namespace wattbench::drivers::common {

// The profile part of a driver that reads this machine's procfs/sysfs: the connection names no
// other host, and `root` moves the tree the driver reads (tests point it at fixture trees).
//   connection: "", "local", "<scheme>://local" or "<scheme>://"
//   root = "/some/dir"   (absolute; default "/")
// Returns the config error to report, or nullopt with `root` set when the key was given.
std::optional<api::DeviceError> take_local_machine(api::DeviceConfig& config,
                                                   std::string_view scheme, std::string& root);

// A whole parse_settings of such a driver: take_local_machine into `Settings::root`, then
// `more(settings, options)` for the driver's own keys (the config error it returns, if any),
// then the first option of the wrong type.
template <class Settings, class More>
std::variant<Settings, api::DeviceError> parse_local_settings(api::DeviceConfig& config,
                                                              std::string_view scheme, More more) {
    Settings s;
    if (auto e = take_local_machine(config, scheme, s.root)) {
        return *e;
    }
    if (std::optional<api::DeviceError> e = more(s, config.options)) {
        return *e;
    }
    if (config.options.error()) {
        return *config.options.error();
    }
    return s;
}

// The same for a driver with no keys of its own.
template <class Settings>
std::variant<Settings, api::DeviceError> parse_local_settings(api::DeviceConfig& config,
                                                              std::string_view scheme) {
    return parse_local_settings<Settings>(
        config, scheme, [](Settings&, api::Options&) { return std::optional<api::DeviceError>{}; });
}

}  // namespace wattbench::drivers::common
