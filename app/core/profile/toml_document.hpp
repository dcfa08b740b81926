#pragma once

#include <string>
#include <variant>

#include <toml.hpp>

#include "app/core/profile/profile_error.hpp"

namespace wattbench::core::profile {

// Parses TOML text, turning toml11's exceptions into a located error (the file named as
// `file_name`). Guards against invalid UTF-8 and absurd nesting first.
std::variant<toml::value, ProfileError> parse_toml_document(const std::string& text,
                                                            const std::string& file_name);

}  // namespace wattbench::core::profile
