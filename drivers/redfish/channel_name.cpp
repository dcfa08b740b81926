#include "drivers/redfish/channel_name.hpp"

namespace wattbench::drivers::redfish {

namespace {

bool upper(char c) {
    return c >= 'A' && c <= 'Z';
}
bool lower(char c) {
    return c >= 'a' && c <= 'z';
}
bool digit(char c) {
    return c >= '0' && c <= '9';
}

// Runs of `_` collapse to one and none is left at either end, so "CPU #1" is `cpu_1`, not
// `cpu__1`.
std::string tidy(const std::string& raw) {
    std::string out;
    out.reserve(raw.size());
    for (char c : raw) {
        if (c == '_' && (out.empty() || out.back() == '_')) {
            continue;
        }
        out += c;
    }
    while (!out.empty() && out.back() == '_') {
        out.pop_back();
    }
    return out.empty() ? "sensor" : out;
}

// Lower case kept, upper case folded, anything else `_`.
void fold(char c, std::string& out) {
    if (upper(c)) {
        out += static_cast<char>(c - 'A' + 'a');
    } else if (lower(c) || digit(c)) {
        out += c;
    } else {
        out += '_';
    }
}

}  // namespace

std::string name_from_id(std::string_view id) {
    std::string raw;
    raw.reserve(id.size() + 8);
    for (std::size_t i = 0; i < id.size(); ++i) {
        const char c = id[i];
        if (upper(c)) {
            const char prev = i > 0 ? id[i - 1] : '\0';
            const char next = i + 1 < id.size() ? id[i + 1] : '\0';
            // A new word: after a lower-case letter or digit ("PS1|Input"), or the last
            // capital of an acronym before a lower-case letter ("CPU|Fan").
            if (lower(prev) || digit(prev) || (upper(prev) && lower(next))) {
                raw += '_';
            }
        }
        fold(c, raw);
    }
    return tidy(raw);
}

std::string name_from_label(std::string_view label) {
    std::string raw;
    raw.reserve(label.size());
    for (char c : label) {
        fold(c, raw);
    }
    return tidy(raw);
}

}  // namespace wattbench::drivers::redfish
