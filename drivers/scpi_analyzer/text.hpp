#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "drivers/api/device.hpp"
#include "drivers/common/ascii_text.hpp"
#include "drivers/common/frame_assembler.hpp"
#include "drivers/scpi_analyzer/value.hpp"

namespace wattbench::drivers::scpi_analyzer {

// Text helpers every dialect may use, and the defaults the Dialect hooks fall back to. Pure.

// Cuts a reply at its first CR or LF (so LF, CR and CRLF all end a line; a CRLF pair leaves an
// empty line the device skips).
common::Scan scan_reply_line(std::span<const std::uint8_t> bytes);

// HIOKI-style confirmation code line (`000`, `nnn`): the code, or nullopt for any other line.
std::optional<int> confirmation_code(std::string_view line);

// `vendor,model,serial,firmware` (spaces around fields trimmed) when `vendor` starts with
// `family` (case-insensitive); nullopt otherwise.
std::optional<api::DeviceIdentity> default_parse_identity(std::string_view family,
                                                          std::string_view line);
// NR1/NR2/NR3 (`+110.14E+0`, `127.58E+00`, `-5`, `.5`); `NAN` → unavailable; `INF`, `+INF`,
// `-INF` and |x| ≥ 9.9E+37 → overrange; anything else → status error.
Value default_parse_value(std::string_view field);
// The last number on the line, after an optional header (`:INP:VOLT:RANG 300.0E+00`).
std::optional<double> default_parse_range(std::string_view line, std::span<const double> table);
// A whole text that is one NR1/NR2/NR3 number (surrounding spaces allowed), or nullopt.
std::optional<double> parse_number(std::string_view text);
// `300V`, `500mA`, `7.5V`, `2A`: a range as most SCPI meters spell it (`unit` "V" or "A").
std::string format_range(double value, std::string_view unit);
// `300 V`, `0.5 A`: a reading or range in a message meant for people (`%g` and the unit).
std::string quantity_text(double value, const char* unit);
using common::trim;
// After the last space (the value of a `HEADER value` field); the text when it has none.
std::string_view strip_header(std::string_view field);
// Case-insensitive comparison with spaces, hyphens and underscores ignored: "PW 3335" equals
// "pw3335".
bool same_name(std::string_view a, std::string_view b);
bool starts_with_name(std::string_view text, std::string_view prefix);

}  // namespace wattbench::drivers::scpi_analyzer
