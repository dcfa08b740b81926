#include "app/core/profile/printable.hpp"

#include <fmt/format.h>

namespace wattbench::core::profile {

std::string printable(std::string_view text, std::size_t max_bytes) {
    std::string out;
    std::size_t i = 0;
    for (; i < text.size() && i < max_bytes; ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        switch (c) {
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            default:
                if (c < 0x20 || c == 0x7f) {
                    out += fmt::format("\\x{:02x}", c);
                } else {
                    out += static_cast<char>(c);
                }
        }
    }
    if (i < text.size()) {
        // Back off to the start of a UTF-8 sequence: continuation bytes are 10xxxxxx.
        while (!out.empty() && (static_cast<unsigned char>(out.back()) & 0xc0) == 0x80) {
            out.pop_back();
        }
        if (!out.empty() && static_cast<unsigned char>(out.back()) >= 0xc0) {
            out.pop_back();
        }
        out += "…";
    }
    return out;
}

}  // namespace wattbench::core::profile
