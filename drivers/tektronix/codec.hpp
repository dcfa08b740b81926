#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "drivers/api/device.hpp"
#include "drivers/api/reading.hpp"
#include "drivers/common/frame_assembler.hpp"

namespace wattbench::drivers::tektronix {

// Pure encoder/decoder for the Tektronix PA1000/PA3000 command set (Voltech PM1000+ lineage,
// ../shared/analyzers.md §4): text in, values out. Commands are returned without their LF.

// The results a poll selects, by their `:SEL:` mnemonic.
enum class Item { vlt, amp, wat, vas, var, pwf, frq, whr };
inline constexpr std::size_t item_count = 8;

std::string_view mnemonic(Item item);

// `:SEL:CLR` then one `:SEL:<item>` per item, in `items` order. One command per string: the
// meter takes one per line and, over Ethernet, answers each.
std::vector<std::string> select_commands(std::span<const Item> items);

// The order `:FRD?` returns the selected items in when the labels cannot be read: the
// instrument's display order as `:FRF?` lists it ("Vrms, Arms, Freq, Watt, VA, Var, PF, …").
std::vector<Item> display_order();

// `:FRF?` → the item behind each label, in order. nullopt when a label is unknown or repeats,
// so a garbled answer never maps a value to the wrong channel.
std::optional<std::vector<Item>> parse_labels(std::string_view line);

// One value of `:FRD?`: a number, or over-range / no data. The over-range encoding is
// UNCONFIRMED: `INF`, |x| ≥ 9.9E+37 and the words OVER/OL/OR are taken as over-range; `NAN`
// and a field of dashes as no data.
struct Value {
    api::Status status = api::Status::ok;
    double value = 0.0;
};
// `expected` fields or an error text (wrong count, a field that is neither number nor marker).
std::variant<std::vector<Value>, std::string> parse_values(std::string_view line,
                                                           std::size_t expected);

// `Tektronix, PA1000, 491107, 1.005.000` or `Tektronix, PA 3000, …` → identity with the model
// spaceless (PA1000, PA3000); nullopt for any other instrument.
std::optional<api::DeviceIdentity> parse_identity(std::string_view line);

// What a line answering a set command says. On Ethernet the meter answers every message (an
// empty line: done); a line that starts with ERR (or is -n / a "no such command" text) means
// refused. The byte that ends it (CR or LF) and whether serial answers at all are UNCONFIRMED.
enum class Reply { done, refused, other };
Reply classify_reply(std::string_view line);

// `:DSR?` answer: true when the new-data bit (2, enabled by `:DSE 2`) is set.
std::optional<bool> parse_new_data(std::string_view line);

// Ranges by code: `:RNG:VLT:FIX n` / `:RNG:AMP:FIX n` (n = 1-based index into the model's
// table), `:RNG:VLT:AUT` / `:RNG:AMP:AUT`; read back with `:RNG:VLT?` / `:RNG:AMP?`.
std::string range_command(bool volts, std::optional<int> code);
std::string range_query(bool volts);
// A read-back is a code or a value (UNCONFIRMED which): a bare integer 1…table size is a code,
// a number with a point or exponent is the range itself; anything else is nullopt.
std::optional<double> parse_range(std::string_view line, std::span<const double> table);

// Integrator (PM1000+ set; on the PA1000 UNCONFIRMED, so a refusal is tolerated):
// integration mode, manual start, reset, run.
std::vector<std::string> integrator_commands();

// Cuts answers at the first CR or LF: the PA3000 ends a line with LF, the PM1000+ with CR, and
// which one the PA1000 uses is UNCONFIRMED. A CRLF pair thus yields an empty line after the
// answer, which callers skip as they skip the bare acknowledgements.
common::Scan scan_line(std::span<const std::uint8_t> bytes);


}  // namespace wattbench::drivers::tektronix
