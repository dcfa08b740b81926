#pragma once

#include "drivers/api/registry.hpp"

namespace wattbench::drivers::cem {

api::DriverInfo driver_info();

}  // namespace wattbench::drivers::cem
