#pragma once

#include "app/core/profile/profile.hpp"
#include "app/core/profile/toml_table.hpp"
#include "drivers/api/registry.hpp"

namespace wattbench::core::profile {

// Reads [validity]: max_uncertainty, max_invalid_power, max_invalid_other (percentages such as
// "1%"), min_ambient (degC) and ambient ("device/channel"). max_uncertainty defaults to [run]
// uncertainty_limit, so a profile that only sets that one judges by it.
ValiditySettings read_validity(const TomlTable& table, const RunSettings& run);

// `ambient` must name a [[device]] of the profile (or the built-in host device) and, when the
// driver knows its channels before opening, one of its channels. Throws a located LoadFailure.
void check_validity_ambient(const Profile& profile, const drivers::api::Registry* registry);

}  // namespace wattbench::core::profile
