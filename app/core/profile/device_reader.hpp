#pragma once

#include "app/core/profile/load_context.hpp"
#include "app/core/profile/profile.hpp"
#include "app/core/profile/toml_table.hpp"

namespace wattbench::core::profile {

// Reads one [[device]] table and, when the context has a registry, lets the driver's factory
// check the connection string and options so that mistakes surface before any instrument is
// touched.
DeviceSettings read_device(const TomlTable& table, const RunSettings& run, const LoadContext& ctx);

}  // namespace wattbench::core::profile
