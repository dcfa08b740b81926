#pragma once

#include <string>
#include <variant>

#include "drivers/api/device_error.hpp"

namespace wattbench::drivers::redfish {

// The BMC password from `password_file` (refused unless only its owner may read it) or else the
// WATTBENCH_REDFISH_PASSWORD environment variable. Messages never contain the password.
std::variant<std::string, api::DeviceError> load_password(const std::string& password_file);

}  // namespace wattbench::drivers::redfish
