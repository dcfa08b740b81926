#pragma once

#include "drivers/api/registry.hpp"

namespace wattbench::drivers::zes {

api::DriverInfo lmg95_driver_info();
api::DriverInfo lmg450_driver_info();
api::DriverInfo lmg500_driver_info();
api::DriverInfo lmg600_driver_info();

}  // namespace wattbench::drivers::zes
