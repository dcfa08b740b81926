#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace wattbench::drivers::yokogawa {

// The small text helpers both Yokogawa codecs need: answers are ASCII, comma-separated,
// case-insensitive, and numbers must not depend on the locale.
std::string_view trim(std::string_view s);
std::vector<std::string_view> split(std::string_view s, char sep);
bool iequals(std::string_view a, std::string_view b);
bool istarts_with(std::string_view s, std::string_view prefix);
// Locale-independent shortest form, so a German locale cannot turn "2.3E+02" into 2.
std::string number(double v);

}  // namespace wattbench::drivers::yokogawa
