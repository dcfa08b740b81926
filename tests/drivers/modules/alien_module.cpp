// A driver module as another build of wattbench would make it: its build id differs, and its
// drivers function must never be called.
#include <cstdlib>

#include "drivers/modules/module_abi.hpp"

extern "C" __attribute__((visibility("default"))) const char* wattbench_driver_module_build() {
    return "0.0.1 GNU 1.0.0";
}

extern "C" __attribute__((visibility("default"))) void wattbench_driver_module_drivers(
    std::vector<wattbench::drivers::api::DriverInfo>*) {
    std::abort();
}
