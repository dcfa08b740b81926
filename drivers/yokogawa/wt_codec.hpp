#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "drivers/api/device.hpp"
#include "drivers/api/reading.hpp"
#include "drivers/scpi_analyzer/item.hpp"
#include "drivers/scpi_analyzer/range.hpp"
#include "drivers/scpi_analyzer/value.hpp"

namespace wattbench::drivers::yokogawa {

// The pieces of the WT500/WT1800/WT3000/WT5000 numeric grammar (analyzers.md §6) that the
// shared analyzer codec does not cover, as pure functions the dialects (wt_dialect.hpp) are
// made of. Commands come without their terminator.

// The numeric item with its mandatory element (`P,1`, `URMS,2`, `P,SIGMA`); the WT3000/WT1600
// (`short_names`) spell voltage and current `U`, `I`. "" for frequency on Σ (it has none).
std::string wt_item(scpi_analyzer::Item item, int element, bool short_names);

// `*IDN?` → identity when it is a Yokogawa answer (`YOKOGAWA,<model>,<serial>,<firmware>`).
std::optional<api::DeviceIdentity> parse_wt_identity(std::string_view line);
// How many elements a model field says the meter has: the digit after `76020` (WT500),
// `WT180` (WT1800) or `WT300` (WT3000); nullopt where it does not say.
std::optional<int> wt_elements_of(std::string_view model);
// " (use driver yokogawa-wt1800 if that is the meter)" for a Yokogawa of another model; "".
std::string wt_wrong_model_hint(std::string_view model);

// Auto or fixed ranges of one element (`:INP:VOLT:AUTO:ELEM2 OFF`, `:INP:VOLT:RANG:ELEM2 300`).
std::vector<std::string> wt_range_commands(const scpi_analyzer::Range& volts,
                                           const scpi_analyzer::Range& amps, int element);
// One element's voltage then current range query.
std::vector<std::string> wt_range_queries(int element);
// `:RATE 500MS`, `:RATE 2S`.
std::string rate_command(double seconds);

// One value field: NR1/NR2/NR3, `NAN` (and the FLOat sentinel 9.91E+37) unavailable, `INF`
// (and 9.9E+37 or beyond) overrange. False when the field is no number at all. Without
// `no_data_sentinel` (the WT300/WT200 sets) 9.91E+37 is over-range too.
bool decode_wt_field(std::string_view field, api::Reading& out, bool no_data_sentinel = true);
// The same as a dialect value (status `error` when it is no number).
scpi_analyzer::Value parse_wt_value(std::string_view field);

}  // namespace wattbench::drivers::yokogawa
