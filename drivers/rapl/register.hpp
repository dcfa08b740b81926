#pragma once

#include "drivers/api/registry.hpp"

namespace wattbench::drivers::rapl {

api::DriverInfo driver_info();

}  // namespace wattbench::drivers::rapl
