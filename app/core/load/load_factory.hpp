#pragma once

#include <memory>
#include <string>
#include <variant>

#include "app/core/load/load.hpp"
#include "app/core/profile/profile.hpp"

namespace wattbench::core::load {

// Builds the load of a phase, or says why this build cannot run it. Loads that are not
// implemented yet are refused here, before any load starts, never quietly run as idle.
std::variant<std::unique_ptr<Load>, std::string> make_load(const profile::PhaseSettings& phase);

}  // namespace wattbench::core::load
