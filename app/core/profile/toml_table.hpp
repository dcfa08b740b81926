#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <toml.hpp>

#include "app/core/profile/profile.hpp"

namespace wattbench::core::profile {

// One TOML table of a profile, read with typed accessors that throw a located LoadFailure
// naming the key by its dotted path ("phase[3].workers") whenever a value is missing or wrong.
class TomlTable {
public:
    // `path` names the table in messages: "" for the root, "run", "device[1]", "phase[3]".
    TomlTable(const toml::value& table, std::string file, std::string path);

    SourceLocation location() const;
    // Of any value inside this table, such as one element of an array.
    SourceLocation location_of(const toml::value& v) const;
    // Where the key is written (the value's position when the key cannot be found on its line);
    // the table's own location when the key is absent.
    SourceLocation location(const std::string& key) const;
    std::string key_path(const std::string& key) const;

    const toml::value* find(const std::string& key) const;
    bool has(const std::string& key) const { return find(key) != nullptr; }
    // Keys in the order they are written, so the first error reported is the first in the file.
    std::vector<std::string> keys() const;

    [[noreturn]] void fail(const std::string& key, std::string message) const;
    [[noreturn]] void fail_at(const std::string& key, const toml::value& v,
                              std::string message) const;
    [[noreturn]] void fail_table(std::string message) const;

    // Refuses the first key not in `known`, suggesting the nearest known one.
    void reject_unknown(std::span<const std::string_view> known) const;

    std::optional<std::string> string(const std::string& key) const;
    // Present and not empty.
    std::string required_string(const std::string& key) const;
    std::optional<bool> boolean(const std::string& key) const;
    std::optional<std::int64_t> integer(const std::string& key) const;
    std::optional<Duration> duration(const std::string& key) const;
    std::optional<std::vector<std::string>> string_array(const std::string& key) const;

private:
    [[noreturn]] void fail_unknown(const std::string& key,
                                   std::span<const std::string_view> known) const;

    const toml::value& table_;
    std::string file_;
    std::string path_;
};

}  // namespace wattbench::core::profile
