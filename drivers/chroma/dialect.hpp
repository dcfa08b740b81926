#pragma once

#include <optional>
#include <string_view>

#include "drivers/api/device.hpp"
#include "drivers/scpi_analyzer/dialect.hpp"

namespace wattbench::drivers::chroma {

// The Chroma 66202/66203/66204 remote commands (../shared/analyzers.md §7): `*IDN?` with
// `CHAN:ID?` as the fallback, `FETC? V,I,W,VA,VAR,PF,FREQ,ENEG` (`MEAS? …` with
// `read = "measure"`), NR2 answers split at `,` or `;`, -1/-2/-3 sentinels, the UNCONFIRMED
// `CONF:VOLT|CURR:AUTO|RANG` ranges and the TRIGger energy integration. Two instances: the
// 66202 (one channel, no `CHAN`) and the 66203/66204 (`CHAN <n>` from the `channel` key).
const scpi_analyzer::Dialect& dialect(bool multi_channel);

// One field knowing its item: -1 (first integration not complete) and -2 (range changed
// during integration, flags the window `range_change`) are unavailable, -3 (OVR/OCR/OCP)
// overrange. A bare `-1`/`-2`/`-3` is a sentinel for every item; `-1.00` etc. only for items
// that cannot be negative (V, I, VA, FREQ), since W, VAR, PF and ENEG may really read that.
scpi_analyzer::Value parse_value(std::string_view field, scpi_analyzer::Item item);

// `Chroma ATE,66204,66204M000066,1.00,1.00,1.00`, with or without a `:CHANNEL:ID ` or `*IDN `
// header, `,` or `;` between the fields; nullopt when the vendor is no Chroma.
std::optional<api::DeviceIdentity> parse_identity(std::string_view line);

}  // namespace wattbench::drivers::chroma
