#include "app/core/profile/text_position.hpp"

#include <algorithm>

namespace wattbench::core::profile {

SourceLocation location_in(std::string_view text, std::size_t offset, const std::string& file) {
    SourceLocation out{file, 1, 1};
    offset = std::min(offset, text.size());
    for (std::size_t i = 0; i < offset; ++i) {
        if (text[i] == '\n') {
            ++out.line;
            out.column = 1;
        } else {
            ++out.column;
        }
    }
    return out;
}

}  // namespace wattbench::core::profile
