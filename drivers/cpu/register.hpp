#pragma once

#include "drivers/api/registry.hpp"

namespace wattbench::drivers::cpu {

api::DriverInfo driver_info();

}  // namespace wattbench::drivers::cpu
