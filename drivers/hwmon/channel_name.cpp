#include "drivers/hwmon/channel_name.hpp"

namespace wattbench::drivers::hwmon {

std::string channel_name(std::string_view text) {
    std::string out;
    bool pending_underscore = false;
    for (char ch : text) {
        const unsigned char c = static_cast<unsigned char>(ch);
        const bool alnum =
            (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        if (!alnum) {
            pending_underscore = !out.empty();
            continue;
        }
        if (pending_underscore) {
            out += '_';
            pending_underscore = false;
        }
        out += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    }
    return out;
}

}  // namespace wattbench::drivers::hwmon
