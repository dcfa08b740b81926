#pragma once

#include "drivers/api/registry.hpp"

namespace wattbench::drivers::wensn {

api::DriverInfo driver_info();

}  // namespace wattbench::drivers::wensn
