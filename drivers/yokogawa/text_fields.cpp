#include "drivers/yokogawa/text_fields.hpp"

#include <charconv>

namespace wattbench::drivers::yokogawa {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) {
        s.remove_prefix(1);
    }
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) {
        s.remove_suffix(1);
    }
    return s;
}

std::vector<std::string_view> split(std::string_view s, char sep) {
    std::vector<std::string_view> out;
    for (;;) {
        auto p = s.find(sep);
        out.push_back(trim(s.substr(0, p)));
        if (p == std::string_view::npos) {
            return out;
        }
        s.remove_prefix(p + 1);
    }
}

bool iequals(std::string_view a, std::string_view b) {
    return a.size() == b.size() && istarts_with(a, b);
}

bool istarts_with(std::string_view s, std::string_view prefix) {
    if (s.size() < prefix.size()) {
        return false;
    }
    for (std::size_t i = 0; i < prefix.size(); ++i) {
        char x = s[i] >= 'a' && s[i] <= 'z' ? static_cast<char>(s[i] - 32) : s[i];
        char y =
            prefix[i] >= 'a' && prefix[i] <= 'z' ? static_cast<char>(prefix[i] - 32) : prefix[i];
        if (x != y) {
            return false;
        }
    }
    return true;
}

std::string number(double v) {
    char buf[32];
    auto [p, ec] = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, ec == std::errc() ? p : buf);
}

}  // namespace wattbench::drivers::yokogawa
