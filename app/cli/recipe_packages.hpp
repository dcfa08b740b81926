#pragma once

#include <optional>

#include "app/core/profile/profile.hpp"

namespace wattbench::cli {

// Before any load: the Debian packages the profile's recipe phases need must be installed.
// With `install`, the missing ones are installed first (apt-get, shown as it runs). Returns the
// exit code when the command must stop (kExitUsage, with the phases, the packages and the
// apt-get line on stderr), nullopt when everything is there.
std::optional<int> check_recipe_packages(const core::profile::Profile& profile, bool install);

}  // namespace wattbench::cli
