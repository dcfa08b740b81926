#pragma once

#include <string>
#include <variant>

#include "app/core/profile/load_context.hpp"
#include "app/core/profile/profile.hpp"
#include "app/core/profile/profile_error.hpp"

namespace wattbench::core::profile {

// Reads and validates a profile: unknown keys, wrong types, bad durations, unknown drivers and
// options the driver refuses are all errors, reported one at a time with file, line and dotted
// key ("phase[3].workers"; tables are numbered from 1 in file order). Phases come back expanded
// ("cpu-{n}" with workers = [1, 2] gives cpu-1 and cpu-2) with their warmup and window resolved,
// devices with their interval resolved.
std::variant<Profile, ProfileError> load_profile_file(const std::string& path,
                                                      const LoadContext& ctx);

// The same for text already in memory; `file_name` is what locations name.
std::variant<Profile, ProfileError> load_profile_text(const std::string& text,
                                                      const std::string& file_name,
                                                      const LoadContext& ctx);

}  // namespace wattbench::core::profile
