#pragma once

#include <string>
#include <string_view>
#include <variant>

#include "drivers/api/device_error.hpp"

namespace wattbench::drivers::http {

// A device password from `password_file` (refused unless only its owner may read it) or else
// the environment variable `env_name`; `what` names it in messages ("BMC password"). Messages
// never contain the password.
std::variant<std::string, api::DeviceError> load_password(const std::string& password_file,
                                                          const char* env_name,
                                                          std::string_view what);

}  // namespace wattbench::drivers::http
