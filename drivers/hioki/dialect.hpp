#pragma once

#include <string_view>

#include "drivers/scpi_analyzer/dialect.hpp"

namespace wattbench::drivers::hioki {

// The HIOKI PW333x command set (../shared/analyzers.md §1): `:MEASure? U,I,P,…` with the item
// list in the query, values with or without their headers, `;` or `,` between them,
// ±999.99E+9 over-range, ±888.88E+9 scaling error, ±777.77E+9 no data, RS-232C confirmation
// codes tolerated. Two instances: the PW3335 (one channel, LF as in the real capture) and the
// PW3336/37 (channel digits on items and ranges, CRLF as the 3rd-party PW3336 code sends).
const scpi_analyzer::Dialect& single_channel();
const scpi_analyzer::Dialect& multi_channel();

// One field of a `:MEASure?` answer, header already stripped.
scpi_analyzer::Value parse_value(std::string_view field);

}  // namespace wattbench::drivers::hioki
