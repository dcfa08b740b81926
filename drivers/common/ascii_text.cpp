#include "drivers/common/ascii_text.hpp"

namespace wattbench::drivers::common {
namespace {

char upper_char(char c) {
    return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
}

bool space(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

}  // namespace

std::string_view trim(std::string_view text) {
    while (!text.empty() && space(text.front())) {
        text.remove_prefix(1);
    }
    while (!text.empty() && space(text.back())) {
        text.remove_suffix(1);
    }
    return text;
}

std::vector<std::string_view> split(std::string_view text, char sep) {
    std::vector<std::string_view> out;
    for (;;) {
        const auto at = text.find(sep);
        out.push_back(trim(text.substr(0, at)));
        if (at == std::string_view::npos) {
            return out;
        }
        text.remove_prefix(at + 1);
    }
}

std::string upper(std::string_view text) {
    std::string out(text);
    for (char& c : out) {
        c = upper_char(c);
    }
    return out;
}

bool istarts_with(std::string_view text, std::string_view prefix) {
    if (text.size() < prefix.size()) {
        return false;
    }
    for (std::size_t i = 0; i < prefix.size(); ++i) {
        if (upper_char(text[i]) != upper_char(prefix[i])) {
            return false;
        }
    }
    return true;
}

bool iequals(std::string_view a, std::string_view b) {
    return a.size() == b.size() && istarts_with(a, b);
}

}  // namespace wattbench::drivers::common
