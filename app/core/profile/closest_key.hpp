#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace wattbench::core::profile {

// The known key a misspelt one most likely meant: the nearest by edit distance, if it is at most
// two edits away and shares at least one letter in place. Ties go to the earlier entry of `known`.
std::optional<std::string> closest_key(std::string_view unknown,
                                       std::span<const std::string_view> known);

}  // namespace wattbench::core::profile
