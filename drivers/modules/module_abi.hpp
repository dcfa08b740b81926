#pragma once

#include <vector>

#include "drivers/api/registry.hpp"

// What a driver module exports (cmake/wattbench_driver.cmake generates both functions for a
// driver built with MODULE). The module holds its own copy of the driver API's code, so only a
// module of the very same build may be loaded: the loader compares the build ids first.
extern "C" {
using wattbench_driver_module_build_fn = const char* (*)();
using wattbench_driver_module_drivers_fn =
    void (*)(std::vector<wattbench::drivers::api::DriverInfo>*);
}

namespace wattbench::drivers::modules {

inline constexpr const char* kBuildSymbol = "wattbench_driver_module_build";
inline constexpr const char* kDriversSymbol = "wattbench_driver_module_drivers";

}  // namespace wattbench::drivers::modules
