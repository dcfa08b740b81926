#pragma once

#include "drivers/api/registry.hpp"

namespace wattbench::drivers::tektronix {

api::DriverInfo pa1000_driver_info();
api::DriverInfo pa3000_driver_info();

}  // namespace wattbench::drivers::tektronix
