#pragma once

#include "drivers/api/registry.hpp"

namespace wattbench::drivers::tasmota {

api::DriverInfo driver_info();

}  // namespace wattbench::drivers::tasmota
