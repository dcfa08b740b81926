#pragma once

#include "drivers/api/registry.hpp"

namespace wattbench::drivers::redfish {

api::DriverInfo driver_info();

}  // namespace wattbench::drivers::redfish
