#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace wattbench::core::profile {

// Offset of the first byte that does not start a well-formed UTF-8 sequence (no overlong forms,
// no surrogates, nothing above U+10FFFF), or nullopt when the whole text is valid. TOML files
// must be UTF-8, and toml11 3.7 reads out of bounds when it reports bad UTF-8 inside a string,
// so the loader refuses such text before parsing.
std::optional<std::size_t> find_invalid_utf8(std::string_view text);

}  // namespace wattbench::core::profile
