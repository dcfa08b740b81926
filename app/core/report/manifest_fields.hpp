#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace wattbench::core::report {

// Lookups in the manifest's free-form JSON (a device's settings, the command-line overrides),
// tolerating absent or null members; the rest of the manifest is read as rundir::Manifest.

// The member `key` of `object`, or nullptr when `object` is not an object or lacks a non-null
// member of that name.
const nlohmann::json* member(const nlohmann::json* object, std::string_view key);
const nlohmann::json* member(const nlohmann::json& object, std::string_view key);

// Strings as they are, numbers and booleans as JSON spells them, anything else as nothing.
std::optional<std::string> text_of(const nlohmann::json* value);
std::optional<double> number_of(const nlohmann::json* value);

}  // namespace wattbench::core::report
