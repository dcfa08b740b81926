#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "drivers/common/ascii_text.hpp"

namespace wattbench::drivers::yokogawa {

// The text helpers both Yokogawa codecs need: answers are ASCII, comma-separated,
// case-insensitive, and numbers must not depend on the locale.
using common::iequals;
using common::istarts_with;
using common::split;
using common::trim;
// Locale-independent shortest form, so a German locale cannot turn "2.3E+02" into 2.
std::string number(double v);

}  // namespace wattbench::drivers::yokogawa
