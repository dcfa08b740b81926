#pragma once

#include <string>

#include "drivers/api/device_error.hpp"

namespace wattbench::drivers::ipmi {

// Pure: a libipmimonitoring error number → the error kind the sampler acts on and a message
// naming the host and the cause.
api::DeviceError map_error(int errnum, const std::string& host, const std::string& detail);

}  // namespace wattbench::drivers::ipmi
