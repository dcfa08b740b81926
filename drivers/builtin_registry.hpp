#pragma once

#include "drivers/api/registry.hpp"

namespace wattbench::drivers {

// Every driver compiled into this build.
const api::Registry& builtin_registry();

// Adds each driver that called wattbench_add_driver; the build generates it
// (cmake/wattbench_driver.cmake).
void add_builtin_drivers(api::Registry& registry);

}  // namespace wattbench::drivers
