#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace wattbench::core::profile {

struct NestingExcess {
    std::size_t offset = 0;  // of the bracket or dot that goes beyond the limit
    std::string message;
};

// toml11 parses nested arrays and inline tables by recursion and dotted keys in quadratic time,
// so a hostile or corrupted file could overflow the stack or stall the parser. No profile needs
// more than a few levels; this scan finds the first place that goes beyond the limits before
// toml11 sees the text. It tokenises strings and comments as TOML does, so brackets and dots
// inside them do not count.
std::optional<NestingExcess> find_excessive_nesting(std::string_view text, std::size_t max_depth,
                                                    std::size_t max_key_parts);

}  // namespace wattbench::core::profile
