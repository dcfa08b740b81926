#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "drivers/api/device.hpp"
#include "drivers/api/reading.hpp"
#include "drivers/zes/settings.hpp"

namespace wattbench::drivers::zes {

// Pure encoder/decoder for the ZES LMG "short" language: text in, values out. Commands are
// returned without the model's end-of-string, which the glue appends.

// Sent first on open: stop a stream a previous session left running, then the language.
std::vector<std::string> greeting_commands(const Model& model);

// `<cmd>;*OPC?`: the meter answers `1` once the command has been carried out.
std::string synced(std::string_view command);
bool is_opc_ack(std::string_view line);

// `*IDN?` → comma-separated fields, one of which names the model (`LMG95`, `LMG670`). An error
// text that contains "is not a" when the meter is an LMG of another model.
std::variant<api::DeviceIdentity, std::string> parse_identity(const Model& model,
                                                              std::string_view line);

// Fix a range or hand it to auto-ranging: LMG95 `uam manual` + `urng 250`, LMG6xx
// `uauto1 0` + `urng1 250`.
std::vector<std::string> range_commands(const Model& model, int channel, const Range& volts,
                                        const Range& amps);
// Voltage and current range queries, one number each.
std::vector<std::string> range_queries(const Model& model, int channel);

// Which values one streamed line carries, in order. The ranges ride along while either is on
// auto, so that a switch inside a window is seen in the very line it happened in.
enum Item : std::size_t {
    item_voltage,
    item_current,
    item_power,
    item_apparent,
    item_reactive,
    item_power_factor,
    item_frequency,
    item_voltage_range,
    item_current_range,
};
std::size_t item_count(bool with_ranges);
// `actn;utrms?;itrms?;p?;s?;q?;pf?;freq?` (LMG6xx: `utrms1?` … `fcyc1?`).
std::string arm_command(const Model& model, int channel, bool with_ranges);
std::string cycle_command(double seconds);

// One value: a number, 9.91e+37 (invalid) → unavailable, ±9.9e+37 (overrange) → overrange;
// ASCII NAN/INF are taken the same way. nullopt when the text is no number.
struct Value {
    double value = 0.0;
    api::Status status = api::Status::ok;
};
std::optional<Value> parse_value(std::string_view text);

// One streamed line of `expected` values, `;`-separated (a logged line's spaces and a stray
// `,` are taken too). Error text for a line with the wrong count or a field that is no number.
std::variant<std::vector<Value>, std::string> parse_line(std::string_view line,
                                                         std::size_t expected);

}  // namespace wattbench::drivers::zes
