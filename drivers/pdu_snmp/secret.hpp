#pragma once

#include <string>
#include <variant>

#include "drivers/api/device_error.hpp"

namespace wattbench::drivers::pdu_snmp {

// A community or passphrase: from `file` when given (refused unless only its owner can read
// it), else from the environment variable `env`. Messages name the file or variable, never the
// secret. `what` is e.g. "SNMP community".
std::variant<std::string, api::DeviceError> load_secret(const std::string& file, const char* env,
                                                        const char* what);

}  // namespace wattbench::drivers::pdu_snmp
