#pragma once

#include "drivers/api/registry.hpp"

namespace wattbench::drivers::tondaj {

api::DriverInfo driver_info();

}  // namespace wattbench::drivers::tondaj
