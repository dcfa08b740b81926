#pragma once

#include "drivers/api/registry.hpp"

namespace wattbench::drivers::sim {

api::DriverInfo driver_info();

}  // namespace wattbench::drivers::sim
