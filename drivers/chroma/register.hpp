#pragma once

#include "drivers/api/registry.hpp"

namespace wattbench::drivers::chroma {

api::DriverInfo c66202_driver_info();
api::DriverInfo c66203_driver_info();
api::DriverInfo c66204_driver_info();

}  // namespace wattbench::drivers::chroma
