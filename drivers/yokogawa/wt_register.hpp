#pragma once

#include "drivers/api/registry.hpp"

namespace wattbench::drivers::yokogawa {

// The table-driven models (wt_models.cpp), one driver each.
api::DriverInfo wt500_driver_info();
api::DriverInfo wt1800_driver_info();
api::DriverInfo wt5000_driver_info();
api::DriverInfo wt3000_driver_info();
api::DriverInfo wt1600_driver_info();

}  // namespace wattbench::drivers::yokogawa
