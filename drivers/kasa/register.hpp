#pragma once

#include "drivers/api/registry.hpp"

namespace wattbench::drivers::kasa {

api::DriverInfo driver_info();

}  // namespace wattbench::drivers::kasa
