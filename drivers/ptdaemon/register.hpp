#pragma once

#include "drivers/api/registry.hpp"

namespace wattbench::drivers::ptdaemon {

api::DriverInfo driver_info();

}  // namespace wattbench::drivers::ptdaemon
