#pragma once

#include "drivers/api/registry.hpp"

namespace wattbench::drivers::wattsup {

api::DriverInfo driver_info();

}  // namespace wattbench::drivers::wattsup
