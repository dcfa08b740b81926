#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "drivers/api/registry.hpp"

namespace wattbench::drivers::common {

// The profile part of a driver that reads this machine's procfs/sysfs: the connection names no
// other host, and `root` moves the tree the driver reads (tests point it at fixture trees).
//   connection: "", "local", "<scheme>://local" or "<scheme>://"
//   root = "/some/dir"   (absolute; default "/")
// Returns the config error to report, or nullopt with `root` set when the key was given.
std::optional<api::DeviceError> take_local_machine(api::DeviceConfig& config,
                                                   std::string_view scheme, std::string& root);

}  // namespace wattbench::drivers::common
