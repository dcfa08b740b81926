#pragma once

#include "app/core/profile/profile.hpp"
#include "app/core/profile/toml_table.hpp"

namespace wattbench::core::profile {

// Reads [target]. Refuses a `password` key (and ssh options that would make ssh prompt for
// one), since a profile is shared and copied: authentication is by key or agent only.
TargetSettings read_target(const TomlTable& table);

}  // namespace wattbench::core::profile
