#pragma once

#include <memory>
#include <string>
#include <variant>

#include "app/core/load/load.hpp"
#include "app/core/load/load_environment.hpp"
#include "app/core/profile/profile.hpp"

namespace wattbench::core::load {

// Builds the load of a phase, or says why this build cannot run it. Loads that are not
// implemented yet are refused here, before any load starts, never quietly run as idle. With an
// empty environment (validation) CPU workers are not pinned.
std::variant<std::unique_ptr<Load>, std::string> make_load(const profile::PhaseSettings& phase,
                                                           const LoadEnvironment& env = {});

}  // namespace wattbench::core::load
