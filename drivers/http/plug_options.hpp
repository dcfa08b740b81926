#pragma once

#include <optional>
#include <string>

#include "drivers/api/device_error.hpp"
#include "drivers/api/options.hpp"

namespace wattbench::drivers::http {

// `timeout_ms` (100…60000) into `field` when given.
std::optional<api::DeviceError> take_timeout_ms(api::Options& o, int& field);

// `user` and `password_file` (non-empty strings) when given; a `password` key is refused,
// pointing at `env_name`: profiles are copied into the run's manifest and shared.
std::optional<api::DeviceError> take_credentials(api::Options& o, const char* env_name,
                                                 std::string& user, std::string& password_file);

}  // namespace wattbench::drivers::http
