#pragma once

#include <string>

#include <toml.hpp>

namespace wattbench::core::profile {

// "integer 90", "string \"5 min\"", "table": what a wrong-typed value was, for messages of the
// form "expected …, got …".
std::string describe_value(const toml::value& v);

// The value as one line of TOML, for options kept as text until their consumer parses them.
std::string inline_text(const toml::value& v);

}  // namespace wattbench::core::profile
