#pragma once

#include "drivers/api/registry.hpp"

namespace wattbench::drivers::ipmi {

api::DriverInfo driver_info();

}  // namespace wattbench::drivers::ipmi
