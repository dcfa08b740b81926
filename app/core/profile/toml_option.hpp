#pragma once

#include <optional>

#include <toml.hpp>

#include "drivers/api/options.hpp"

namespace wattbench::core::profile {

// Lifts a TOML value into the config-format-free type drivers and loads read: booleans,
// integers, floats, strings, arrays of numbers and arrays of strings. Anything else (tables,
// mixed or nested arrays) has no OptionValue and gives nullopt; the caller decides whether
// that is an error or is kept as text.
std::optional<drivers::api::OptionValue> to_option_value(const toml::value& v);

}  // namespace wattbench::core::profile
