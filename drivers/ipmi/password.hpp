#pragma once

#include <string>
#include <variant>

#include "drivers/api/device_error.hpp"

namespace wattbench::drivers::ipmi {

// The BMC password from `password_file` (refused when group or others may read it) or else
// the WATTBENCH_IPMI_PASSWORD environment variable. Messages never contain the password.
std::variant<std::string, api::DeviceError> load_password(const std::string& password_file);

}  // namespace wattbench::drivers::ipmi
