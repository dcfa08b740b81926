#pragma once

#include "drivers/api/registry.hpp"

namespace wattbench::drivers::eastron {

api::DriverInfo driver_info();

}  // namespace wattbench::drivers::eastron
