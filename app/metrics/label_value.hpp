#pragma once

#include <string>
#include <string_view>

namespace wattbench::metrics {

// A label value as OpenMetrics writes it between its quotes: backslash, double quote and line
// feed escaped, and any byte sequence that is not UTF-8 replaced by U+FFFD (a BMC's state text
// may be Latin-1), so that one odd sensor cannot make the whole exposition unparsable.
void append_label_value(std::string& out, std::string_view value);

}  // namespace wattbench::metrics
