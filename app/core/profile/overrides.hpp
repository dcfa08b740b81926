#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/core/profile/profile.hpp"

namespace wattbench::core::profile {

// Command-line changes to a loaded profile (`--warmup`, `--window`, `--only`).
struct Overrides {
    std::optional<Duration> warmup;  // replaces every phase's warmup
    std::optional<Duration> window;  // replaces every phase's window; must be > 0
    // Phases to keep, already split at commas: an expanded name ("cpu-2"), a name as written
    // ("cpu-{n}", all of its expansions) or a glob with '*' ("cpu-*"). Empty keeps all.
    std::vector<std::string> only;
};

// Applies `overrides`, keeping the profile's phase order. Returns an error message (naming the
// phases there are, when a name matches none) and leaves the profile untouched on error.
std::optional<std::string> apply_overrides(Profile& profile, const Overrides& overrides);

}  // namespace wattbench::core::profile
