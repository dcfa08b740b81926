#pragma once

#include "drivers/api/registry.hpp"

namespace wattbench::drivers::manual {

api::DriverInfo driver_info();

}  // namespace wattbench::drivers::manual
