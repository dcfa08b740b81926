#pragma once

#include "drivers/api/registry.hpp"

namespace wattbench::drivers::gm1356 {

api::DriverInfo driver_info();

}  // namespace wattbench::drivers::gm1356
