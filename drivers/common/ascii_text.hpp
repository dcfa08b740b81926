#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace wattbench::drivers::common {

// Text helpers for instruments that answer in ASCII lines: case-insensitive keywords and
// comma-separated fields. Byte-wise on purpose: a locale must not change what a meter said.

// Without leading and trailing spaces, tabs, CR and LF.
std::string_view trim(std::string_view text);
// The fields between each `sep`, each trimmed; one (perhaps empty) field when there is none.
std::vector<std::string_view> split(std::string_view text, char sep);
std::string upper(std::string_view text);
// ASCII case-insensitive.
bool iequals(std::string_view a, std::string_view b);
bool istarts_with(std::string_view text, std::string_view prefix);

}  // namespace wattbench::drivers::common
