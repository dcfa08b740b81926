#pragma once

#include "drivers/api/registry.hpp"

namespace wattbench::drivers::voltcraft {

// `voltcraft-el4000`: listed by `wattbench devices` so users find it, but it has no live
// device; its files come in with `wattbench import el4000`.
api::DriverInfo el4000_driver_info();

}  // namespace wattbench::drivers::voltcraft
