#pragma once

#include "drivers/api/registry.hpp"

namespace wattbench::drivers {

// Every driver compiled into this build.
const api::Registry& builtin_registry();

}  // namespace wattbench::drivers
