#pragma once

#include "drivers/api/registry.hpp"

namespace wattbench::drivers::hwmon {

api::DriverInfo driver_info();

}  // namespace wattbench::drivers::hwmon
