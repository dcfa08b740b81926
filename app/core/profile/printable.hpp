#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace wattbench::core::profile {

// User text as it may appear inside a one-line message: control characters escaped ("\n",
// "\x01"), and cut after `max_bytes` with an ellipsis so that a pasted blob does not drown the
// message. The cut never splits a UTF-8 sequence.
std::string printable(std::string_view text, std::size_t max_bytes = 60);

}  // namespace wattbench::core::profile
