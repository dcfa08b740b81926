#include "app/core/profile/nesting_guard.hpp"

#include <algorithm>
#include <vector>

namespace wattbench::core::profile {

namespace {

enum class Context { line_start, key, header_key, after_header, value };

// Returns the position after the string starting at `i`. Single-line strings also end at a line
// break, where toml11 stops with a syntax error anyway.
std::size_t skip_string(std::string_view t, std::size_t i) {
    const char quote = t[i];
    const bool basic = quote == '"';
    const std::string_view triple = basic ? std::string_view("\"\"\"") : std::string_view("'''");
    if (t.substr(i, 3) == triple) {
        i += 3;
        while (i < t.size()) {
            if (basic && t[i] == '\\') {
                i += 2;
                continue;
            }
            if (t.substr(i, 3) == triple) {
                i += 3;
                // Up to two quotes right before the closing three belong to the content.
                for (int extra = 0; extra < 2 && i < t.size() && t[i] == quote; ++extra) {
                    ++i;
                }
                return i;
            }
            ++i;
        }
        return t.size();
    }
    ++i;
    while (i < t.size() && t[i] != '\n') {
        if (basic && t[i] == '\\') {
            i += 2;
            continue;
        }
        if (t[i] == quote) {
            return i + 1;
        }
        ++i;
    }
    return std::min(i, t.size());
}

}  // namespace

std::optional<NestingExcess> find_excessive_nesting(std::string_view t, std::size_t max_depth,
                                                    std::size_t max_key_parts) {
    std::vector<char> open;  // '[' and '{' of the value being read
    Context ctx = Context::line_start;
    std::size_t parts = 1;
    const auto after_newline = [&] { return open.empty() ? Context::line_start : Context::value; };

    std::size_t i = 0;
    while (i < t.size()) {
        const char c = t[i];
        if (c == '#') {
            while (i < t.size() && t[i] != '\n') {
                ++i;
            }
            continue;
        }
        if (c == '"' || c == '\'') {
            if (ctx == Context::line_start) {
                ctx = Context::key;
                parts = 1;
            }
            i = skip_string(t, i);
            continue;
        }
        switch (ctx) {
            case Context::line_start:
                if (c == '[') {
                    ctx = Context::header_key;
                    parts = 1;
                    ++i;
                    if (i < t.size() && t[i] == '[') {
                        ++i;
                    }
                    continue;
                }
                if (c != ' ' && c != '\t' && c != '\r' && c != '\n') {
                    ctx = Context::key;
                    parts = 1;
                    continue;  // the same character again, as part of the key
                }
                break;
            case Context::key:
            case Context::header_key:
                if (c == '.') {
                    if (++parts > max_key_parts) {
                        return NestingExcess{i, "a key has more than " +
                                                    std::to_string(max_key_parts) +
                                                    " dotted parts"};
                    }
                } else if (c == '=' && ctx == Context::key) {
                    ctx = Context::value;
                } else if (c == ']' && ctx == Context::header_key) {
                    ctx = Context::after_header;
                } else if (c == '}' && !open.empty()) {
                    open.pop_back();
                    ctx = Context::value;
                } else if (c == '\n') {
                    ctx = after_newline();
                }
                break;
            case Context::after_header:
                if (c == '\n') {
                    ctx = Context::line_start;
                }
                break;
            case Context::value:
                if (c == '[' || c == '{') {
                    open.push_back(c);
                    if (open.size() > max_depth) {
                        return NestingExcess{i, "arrays and inline tables nest more than " +
                                                    std::to_string(max_depth) + " levels deep"};
                    }
                    if (c == '{') {
                        ctx = Context::key;
                        parts = 1;
                    }
                } else if (c == ']' || c == '}') {
                    if (!open.empty()) {
                        open.pop_back();
                    }
                } else if (c == ',' && !open.empty() && open.back() == '{') {
                    ctx = Context::key;
                    parts = 1;
                } else if (c == '\n' && open.empty()) {
                    ctx = Context::line_start;
                }
                break;
        }
        ++i;
    }
    return std::nullopt;
}

}  // namespace wattbench::core::profile
