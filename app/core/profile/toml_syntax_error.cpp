#include "app/core/profile/toml_syntax_error.hpp"

#include <cctype>
#include <sstream>
#include <vector>

#include "app/core/profile/printable.hpp"

namespace wattbench::core::profile {

namespace {

std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        lines.push_back(line);
    }
    return lines;
}

// "[error] toml::parse_table: invalid line format" -> "invalid line format"
std::string headline(const std::string& line) {
    std::string out = line;
    if (out.starts_with("[error] ")) {
        out.erase(0, 8);
    }
    if (out.starts_with("toml::")) {
        const std::size_t colon = out.find(": ");
        if (colon != std::string::npos) {
            out.erase(0, colon + 2);
        }
    }
    while (!out.empty() && (out.back() == '.' || out.back() == ' ')) {
        out.pop_back();
    }
    return out;
}

struct Marker {
    std::size_t line = 0;
    std::size_t column = 0;
    std::string hint;
};

// Source lines are drawn as " 12 | text" and followed by "    |   ^--- hint" under the culprit.
bool read_marker(const std::string& source, const std::string& under, Marker& out) {
    const std::size_t bar = source.find(" | ");
    if (bar == std::string::npos) {
        return false;
    }
    std::size_t line = 0;
    bool digits = false;
    for (std::size_t i = 0; i < bar; ++i) {
        const char c = source[i];
        if (std::isdigit(static_cast<unsigned char>(c))) {
            line = line * 10 + static_cast<std::size_t>(c - '0');
            digits = true;
        } else if (c != ' ') {
            return false;
        }
    }
    const std::size_t text_start = bar + 3;
    const std::size_t mark = under.find_first_of("^~", text_start);
    if (!digits || under.size() <= text_start || mark == std::string::npos) {
        return false;
    }
    out.line = line;
    out.column = mark - text_start + 1;
    std::size_t hint_start = under.find_first_not_of("^~-", mark);
    if (hint_start != std::string::npos) {
        hint_start = under.find_first_not_of(' ', hint_start);
    }
    out.hint = hint_start == std::string::npos ? "" : under.substr(hint_start);
    while (!out.hint.empty() && (out.hint.back() == '.' || out.hint.back() == ' ')) {
        out.hint.pop_back();
    }
    return true;
}

}  // namespace

ProfileError from_syntax_error(const toml::syntax_error& e, const std::string& file) {
    const auto lines = split_lines(e.what());
    ProfileError error;
    error.location = SourceLocation{file, e.location().line(), e.location().column()};
    error.message = lines.empty() ? "invalid TOML" : headline(lines.front());
    // When a drawing shows several places (a key defined twice), the last is the offending one.
    Marker marker;
    bool found = false;
    for (std::size_t i = 1; i + 1 < lines.size(); ++i) {
        Marker m;
        if (read_marker(lines[i], lines[i + 1], m)) {
            marker = m;
            found = true;
        }
    }
    if (found) {
        error.location.line = marker.line;
        error.location.column = marker.column;
        if (!marker.hint.empty() && marker.hint != "here") {
            error.message += ": " + marker.hint;
        }
    }
    error.message = error.message.empty() ? "invalid TOML" : printable(error.message, 300);
    return error;
}

}  // namespace wattbench::core::profile
