#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "drivers/api/device_error.hpp"

namespace wattbench::drivers::api {

// Driver-specific profile keys, already lifted out of TOML so drivers do not depend on a
// config format. `take_*` marks a key as used; whatever is left unused is an unknown key,
// which the profile loader reports with its file position. A TOML list of strings is a
// std::vector<std::string>; only take_comma_list accepts one.
using OptionValue = std::variant<bool, std::int64_t, double, std::string, std::vector<double>,
                                 std::vector<std::string>>;

class Options {
public:
    void set(std::string key, OptionValue v) { values_[std::move(key)] = std::move(v); }
    bool has(const std::string& key) const { return values_.count(key) != 0; }

    // Each returns nullopt when the key is absent, and fills `error` (keeping the first)
    // when it is present with the wrong type.
    std::optional<double> take_number(const std::string& key);
    std::optional<std::int64_t> take_integer(const std::string& key);
    std::optional<bool> take_bool(const std::string& key);
    std::optional<std::string> take_string(const std::string& key);
    // A list of names, written either as one comma-separated string ("a,b") or as a list of
    // strings (["a", "b"]); returned in the comma-separated form, which is what the driver
    // parses either way. An empty list gives "".
    std::optional<std::string> take_comma_list(const std::string& key);
    // A TOML list of numbers (`[3, 4]`); an empty list gives an empty vector.
    std::optional<std::vector<double>> take_number_list(const std::string& key);

    std::vector<std::string> unused() const;
    const std::optional<DeviceError>& error() const { return error_; }
    // The key the first error is about, so the profile loader can point at its line.
    const std::string& error_key() const { return error_key_; }

private:
    // The value, marked used; nullptr when absent.
    const OptionValue* take(const std::string& key);
    void fail(const std::string& key, const char* expected);
    std::map<std::string, OptionValue> values_;
    std::map<std::string, bool> used_;
    std::optional<DeviceError> error_;
    std::string error_key_;
};

}  // namespace wattbench::drivers::api
