#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

// Reading a plug's JSON answer without exceptions: what is missing or of another type is
// nullopt or "", never a throw (the JSON comes from the network).
namespace wattbench::drivers::http::json {

using Json = nlohmann::json;

// The answer when it is a JSON object.
std::optional<Json> parse_object(std::string_view text);
std::optional<double> number(const Json& object, const char* key);
std::string text(const Json& object, const char* key);

}  // namespace wattbench::drivers::http::json
