#pragma once

#include <cstddef>
#include <string>

namespace wattbench::core::profile {

// Where a value came from, for error messages of the form file:line:key.
struct SourceLocation {
    std::string file;
    std::size_t line = 0;
    std::size_t column = 0;
};

}  // namespace wattbench::core::profile
