#include "app/core/profile/toml_table.hpp"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "app/core/profile/closest_key.hpp"
#include "app/core/profile/duration.hpp"
#include "app/core/profile/load_failure.hpp"
#include "app/core/profile/printable.hpp"
#include "app/core/profile/toml_value_text.hpp"

namespace wattbench::core::profile {

namespace {

// The key's value if present; nullptr if absent. A value of another type than `type` fails the
// load with "expected <what>, got <the value>".
const toml::value* find_typed(const TomlTable& table, const std::string& key, toml::value_t type,
                              std::string_view what) {
    const toml::value* v = table.find(key);
    if (v && !v->is(type)) {
        table.fail(key, fmt::format("expected {}, got {}", what, describe_value(*v)));
    }
    return v;
}

}  // namespace

TomlTable::TomlTable(const toml::value& table, std::string file, std::string path)
    : table_(table), file_(std::move(file)), path_(std::move(path)) {}

SourceLocation TomlTable::location() const {
    return location_of(table_);
}

SourceLocation TomlTable::location_of(const toml::value& v) const {
    const toml::source_location loc = v.location();
    return SourceLocation{file_, loc.line(), loc.column()};
}

SourceLocation TomlTable::location(const std::string& key) const {
    const toml::value* v = find(key);
    if (!v) {
        return location();
    }
    const toml::source_location loc = v->location();
    SourceLocation out{file_, loc.line(), loc.column()};
    // toml11 locates values; people look for the key, which sits before the value on its line.
    const std::string& line = loc.line_str();
    const std::size_t value_start = loc.column() > 0 ? loc.column() - 1 : 0;
    if (value_start >= key.size() && value_start <= line.size()) {
        const std::size_t at = line.rfind(key, value_start - key.size());
        if (at != std::string::npos) {
            out.column = at + 1;
        }
    }
    return out;
}

std::string TomlTable::key_path(const std::string& key) const {
    return path_.empty() ? printable(key) : path_ + "." + printable(key);
}

const toml::value* TomlTable::find(const std::string& key) const {
    const auto& t = table_.as_table();
    const auto it = t.find(key);
    return it == t.end() ? nullptr : &it->second;
}

std::vector<std::string> TomlTable::keys() const {
    std::vector<std::pair<std::pair<std::size_t, std::size_t>, std::string>> ordered;
    for (const auto& [key, value] : table_.as_table()) {
        const auto loc = value.location();
        ordered.push_back({{loc.line(), loc.column()}, key});
    }
    std::sort(ordered.begin(), ordered.end());
    std::vector<std::string> out;
    out.reserve(ordered.size());
    for (auto& entry : ordered) {
        out.push_back(std::move(entry.second));
    }
    return out;
}

void TomlTable::fail(const std::string& key, std::string message) const {
    throw LoadFailure(ProfileError{location(key), key_path(key), std::move(message)});
}

void TomlTable::fail_at(const std::string& key, const toml::value& v, std::string message) const {
    throw LoadFailure(ProfileError{location_of(v), key_path(key), std::move(message)});
}

void TomlTable::fail_table(std::string message) const {
    throw LoadFailure(ProfileError{location(), path_, std::move(message)});
}

void TomlTable::reject_unknown(std::span<const std::string_view> known) const {
    for (const std::string& key : keys()) {
        if (std::find(known.begin(), known.end(), key) == known.end()) {
            fail_unknown(key, known);
        }
    }
}

void TomlTable::fail_unknown(const std::string& key,
                             std::span<const std::string_view> known) const {
    std::string message = fmt::format("unknown key '{}'", printable(key));
    if (auto suggestion = closest_key(key, known)) {
        message += fmt::format(" (did you mean '{}'?)", *suggestion);
    }
    fail(key, std::move(message));
}

std::optional<std::string> TomlTable::string(const std::string& key) const {
    const toml::value* v = find_typed(*this, key, toml::value_t::string, "a string");
    if (!v) {
        return std::nullopt;
    }
    return v->as_string().str;
}

std::string TomlTable::required_string(const std::string& key) const {
    auto s = string(key);
    if (!s) {
        fail_table(fmt::format("missing required key '{}'", key));
    }
    if (s->empty()) {
        fail(key, "must not be empty");
    }
    return *s;
}

std::optional<bool> TomlTable::boolean(const std::string& key) const {
    const toml::value* v = find_typed(*this, key, toml::value_t::boolean, "true or false");
    if (!v) {
        return std::nullopt;
    }
    return v->as_boolean();
}

std::optional<std::int64_t> TomlTable::integer(const std::string& key) const {
    const toml::value* v = find_typed(*this, key, toml::value_t::integer, "an integer");
    if (!v) {
        return std::nullopt;
    }
    return v->as_integer();
}

std::optional<Duration> TomlTable::duration(const std::string& key) const {
    const toml::value* v =
        find_typed(*this, key, toml::value_t::string, "a duration string like \"90s\"");
    if (!v) {
        return std::nullopt;
    }
    const std::string& text = v->as_string().str;
    auto d = parse_duration(text);
    if (!d) {
        fail(key, fmt::format("invalid duration '{}' (use forms like 90s, 5m, 1h30m, 250ms)",
                              printable(text)));
    }
    return *d;
}

std::optional<std::vector<std::string>> TomlTable::string_array(const std::string& key) const {
    const toml::value* v = find_typed(*this, key, toml::value_t::array, "an array of strings");
    if (!v) {
        return std::nullopt;
    }
    std::vector<std::string> out;
    for (const auto& item : v->as_array()) {
        if (!item.is_string()) {
            fail_at(key, item,
                    "expected an array of strings, got an element " + describe_value(item));
        }
        out.push_back(item.as_string().str);
    }
    return out;
}

}  // namespace wattbench::core::profile
