#pragma once

#include "drivers/api/registry.hpp"

namespace wattbench::drivers::shelly {

api::DriverInfo driver_info();

}  // namespace wattbench::drivers::shelly
