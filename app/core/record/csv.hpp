#pragma once

#include <string>
#include <string_view>

namespace wattbench::core::record {

// RFC 4180 quoting, as every CSV file of a run uses it: a field is quoted only when it holds a
// comma, a double quote, CR or LF, and quotes inside it are doubled.
bool csv_needs_quotes(std::string_view field);
void append_csv_field(std::string& out, std::string_view field);
std::string csv_field(std::string_view field);

}  // namespace wattbench::core::record
