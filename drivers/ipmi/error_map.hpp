#pragma once

#include <string>

#include "drivers/api/device_error.hpp"

namespace wattbench::drivers::ipmi {

// Pure: a libfreeipmi error number (ipmi_ctx_errnum: IPMI_ERR_*) → the error kind the sampler acts
// on and a message naming the host and the cause.
api::DeviceError map_error(int errnum, const std::string& host, const std::string& detail);

}  // namespace wattbench::drivers::ipmi
