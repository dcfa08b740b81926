#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "drivers/api/device.hpp"
#include "drivers/scpi_analyzer/item.hpp"
#include "drivers/scpi_analyzer/value.hpp"

namespace wattbench::drivers::tektronix {

// The pieces of the PA1000/PA3000 command set (Voltech PM1000+ lineage, ../shared/analyzers.md
// §4) that no other family shares, as pure functions the dialect plugs into scpi_analyzer.
// Commands are returned without their LF.

using scpi_analyzer::Item;

// The `:SEL:` mnemonic of an item (`VLT`, `AMP`, `WAT`, `VAS`, `VAR`, `PWF`, `FRQ`, `WHR`).
std::string_view mnemonic(Item item);
// The item behind a mnemonic; nullopt for any other text.
std::optional<Item> item_of_mnemonic(std::string_view text);

// The order `:FRD?` returns the selected items in when the labels cannot be read: the
// instrument's display order as `:FRF?` lists it ("Vrms, Arms, Freq, Watt, VA, Var, PF, …").
std::vector<Item> display_order();

// `:FRF?` → the item behind each label, in order. nullopt when a label is unknown or repeats,
// so a garbled answer never maps a value to the wrong channel.
std::optional<std::vector<Item>> parse_labels(std::string_view line);

// One field of `:FRD?`: a number, or over-range / no data. The over-range encoding is
// UNCONFIRMED: `INF`, |x| ≥ 9.9E+37 and the words OVER/OL/OR are taken as over-range; `NAN`
// and a field of dashes as no data; anything else is status error (garbage).
scpi_analyzer::Value parse_value(std::string_view field);

// `Tektronix, PA1000, 491107, 1.005.000` or `Tektronix, PA 3000, …` → the identity with the
// model spaceless (PA1000, PA3000). Another instrument's `vendor,model,serial,firmware` is
// returned as that instrument (so a wrong meter on the port is a config error, never retried);
// nullopt for noise.
std::optional<api::DeviceIdentity> parse_identity(std::string_view line);

// Whether the answer to a set command refuses it. On Ethernet the meter answers every message
// (an empty line: done); a line that starts with ERR (or is -n / an "unknown"/"invalid" text)
// is assumed to be a refusal (UNCONFIRMED: no source quotes one).
bool is_refusal(std::string_view line);

// `:DSR?` answer: true when the new-data bit (2, enabled by `:DSE 2`) is set.
std::optional<bool> parse_new_data(std::string_view line);

// Ranges by code: `:RNG:VLT:FIX n` / `:RNG:AMP:FIX n` (n = 1-based index into the model's
// table), `:RNG:VLT:AUT` / `:RNG:AMP:AUT`; read back with `:RNG:VLT?` / `:RNG:AMP?`.
std::string range_command(bool volts, std::optional<int> code);
std::string range_query(bool volts);
// The 1-based code of `range` in `table`; nullopt (auto) for none.
std::optional<int> range_code(std::span<const double> table, std::optional<double> range);
// A read-back is a code or a value (UNCONFIRMED which): a bare integer 1…table size is a code,
// a number with a point or exponent is the range itself; anything else is nullopt.
std::optional<double> parse_range(std::string_view line, std::span<const double> table);

// Integrator (PM1000+ set; on the PA1000 UNCONFIRMED, so a refusal is tolerated):
// integration mode, manual start, reset, run.
std::vector<std::string> integrator_commands();

}  // namespace wattbench::drivers::tektronix
