#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace wattbench::drivers::common {

// The items of a comma-separated list of names (what Options::take_comma_list returns), each
// without the spaces around it. An empty item stays in the result as "", so the caller can
// refuse "a,,b" with its own key's message.
std::vector<std::string> split_names(std::string_view list);

}  // namespace wattbench::drivers::common
