#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "app/core/profile/profile.hpp"

namespace wattbench::core::profile {

// Line and column (both from 1, columns in bytes as toml11 counts them) of a byte offset.
SourceLocation location_in(std::string_view text, std::size_t offset, const std::string& file);

}  // namespace wattbench::core::profile
