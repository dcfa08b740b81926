#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace wattbench::core::report {

// Lookups that tolerate absent or null members: a manifest written by an interrupted run, or by
// an older version, may lack some, and a report must still come out.

// The member `key` of `object`, or nullptr when `object` is not an object or lacks a non-null
// member of that name.
const nlohmann::json* member(const nlohmann::json* object, std::string_view key);
const nlohmann::json* member(const nlohmann::json& object, std::string_view key);

// Strings as they are, numbers and booleans as JSON spells them, anything else as nothing.
std::optional<std::string> text_of(const nlohmann::json* value);
std::optional<double> number_of(const nlohmann::json* value);

const nlohmann::json* find_device(const nlohmann::json& manifest, std::string_view id);
const nlohmann::json* find_channel(const nlohmann::json* device, std::string_view name);
const nlohmann::json* find_phase(const nlohmann::json& manifest, std::string_view name);

}  // namespace wattbench::core::report
