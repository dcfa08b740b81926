#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace wattbench::drivers::redfish {

using Json = nlohmann::json;

// The parsed body, or nullopt when it is not JSON. Never throws.
std::optional<Json> parse_json(std::string_view text);

// `object[key]` when it is a string; "" otherwise (absent, null, another type).
std::string string_member(const Json& object, std::string_view key);

// `object[key]["@odata.id"]`: where a navigation property points; "" when absent.
std::string link_member(const Json& object, std::string_view key);

// `object[key]` when it is a number.
std::optional<double> number_member(const Json& object, std::string_view key);

// `object[key]` when it is an object, else nullptr.
const Json* object_member(const Json& object, std::string_view key);

// `object[key]` when it is an array, else nullptr.
const Json* array_member(const Json& object, std::string_view key);

}  // namespace wattbench::drivers::redfish
