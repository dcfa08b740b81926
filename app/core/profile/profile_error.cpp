#include "app/core/profile/profile_error.hpp"

namespace wattbench::core::profile {

std::string ProfileError::to_string() const {
    std::string out = location.file;
    if (location.line != 0) {
        out += ':' + std::to_string(location.line);
        if (location.column != 0) {
            out += ':' + std::to_string(location.column);
        }
    }
    out += ": ";
    if (!key.empty()) {
        out += key + ": ";
    }
    out += message;
    return out;
}

}  // namespace wattbench::core::profile
