#pragma once

#include <optional>
#include <string>

#include "app/core/profile/profile.hpp"

namespace wattbench::cli {

// Loads a profile against the built-in drivers and this machine's CPU count; prints the
// located error or the warnings to stderr. `phases_required` false: a profile of devices alone
// (`monitor`) is complete.
std::optional<core::profile::Profile> load_profile_for_cli(const std::string& path,
                                                           bool phases_required = true);

}  // namespace wattbench::cli
