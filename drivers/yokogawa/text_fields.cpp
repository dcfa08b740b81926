#include "drivers/yokogawa/text_fields.hpp"

#include <charconv>

namespace wattbench::drivers::yokogawa {

std::string number(double v) {
    char buf[32];
    auto [p, ec] = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, ec == std::errc() ? p : buf);
}

}  // namespace wattbench::drivers::yokogawa
