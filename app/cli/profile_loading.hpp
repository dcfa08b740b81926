#pragma once

#include <optional>
#include <string>

#include "app/core/profile/profile.hpp"

namespace wattbench::cli {

// Loads a profile against the built-in drivers and this machine's CPU count; prints the
// located error or the warnings to stderr.
std::optional<core::profile::Profile> load_profile_for_cli(const std::string& path);

}  // namespace wattbench::cli
