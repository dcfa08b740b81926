#pragma once

#include "drivers/api/registry.hpp"

namespace wattbench::drivers::yokogawa {

api::DriverInfo wt310_driver_info();
api::DriverInfo wt210_driver_info();

}  // namespace wattbench::drivers::yokogawa
