#pragma once

#include <string>

#include <toml.hpp>

#include "app/core/profile/profile_error.hpp"

namespace wattbench::core::profile {

// toml11 explains a syntax error as a multi-line drawing; a profile error is one line with the
// position of the offending character.
ProfileError from_syntax_error(const toml::syntax_error& e, const std::string& file);

}  // namespace wattbench::core::profile
