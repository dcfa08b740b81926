#pragma once

#include "drivers/api/registry.hpp"

namespace wattbench::core::profile::testing {

// Drivers "fake" (takes a numeric option `level`, wants a connection starting with fake://) and
// "other" (takes nothing), enough to exercise every way a factory can refuse a configuration.
drivers::api::Registry make_fake_registry();

}  // namespace wattbench::core::profile::testing
