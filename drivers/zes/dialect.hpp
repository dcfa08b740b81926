#pragma once

#include <optional>
#include <string_view>

#include "drivers/api/device.hpp"
#include "drivers/scpi_analyzer/dialect.hpp"

namespace wattbench::drivers::zes {

// The ZES LMG "short" language (../shared/analyzers.md §5): `cont off` and the language switch
// first, `<cmd>;*OPC?` → `1` for each set-up command, the value list armed with `actn;…?` and
// streamed one line per cycle under `cont on`, 9.91e+37 invalid, ±9.9e+37 overrange. Two
// instances: the LMG95/450/500 names (`utrms?`, `uam manual`, CRLF) and the LMG6xx
// per-channel names (`utrms1?`, `uauto1 0`, `fcyc1?`, LF), the channel from the `channel` key.
const scpi_analyzer::Dialect& single_channel();
const scpi_analyzer::Dialect& per_channel();

// One streamed field: a decimal number, 9.91e+37 (or `NAN`) unavailable, ±9.9e+37 (or `INF`)
// overrange; anything else (a timestamp, hex, `nan(1)`) is status error.
scpi_analyzer::Value parse_value(std::string_view field);

// `*IDN?`: comma-separated, the first field starting with `LMG` is the model (lmgtools reads
// field 1; the layout beyond that is UNCONFIRMED), the next two serial and firmware; nullopt
// when no field names an LMG.
std::optional<api::DeviceIdentity> parse_identity(std::string_view line);

}  // namespace wattbench::drivers::zes
