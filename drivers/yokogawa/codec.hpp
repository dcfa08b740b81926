#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "drivers/api/device.hpp"
#include "drivers/api/reading.hpp"
#include "drivers/yokogawa/settings.hpp"

namespace wattbench::drivers::yokogawa {

// Pure encoder/decoder for the WT300 and WT200 command sets: text in, readings out. Commands
// are returned without their LF terminator.

// Sent before *IDN?: a leading LF flushes a half-sent line, then headers off, verbose, remote.
std::vector<std::string> greeting_commands();

// `*IDN?` → `YOKOGAWA,WT310,C2PH13047V,F1.03`. Error text when it is not a Yokogawa of the
// dialect's family (WT3xx for wt300, WT2xx for wt200).
std::variant<api::DeviceIdentity, std::string> parse_identity(Dialect dialect,
                                                              std::string_view line);

// Item set-up, ranges and integration for a meter that identified as `model`.
std::vector<std::string> setup_commands(const Settings& settings, std::string_view model);

// The query that returns one value per channel.
std::string read_command(Dialect dialect);

// What one poll sends, in order. With Sync::update on the WT300 set: `:COMM:WAIT 1` (returns
// at once when an update completed since the last clear, else at the next one), the values,
// then `:STAT:EESR?` to clear the register, whose answer line follows the values.
std::vector<std::string> poll_commands(const Settings& settings);
// Sent once after set-up when reading once per update; its answer (`:STAT:EESR?`) is dropped.
std::vector<std::string> sync_setup_commands(const Settings& settings);

// Fix both ranges (nullopt: auto-ranging).
std::vector<std::string> range_commands(Dialect dialect, const Range& volts, const Range& amps);
// The two queries reading back the voltage and current range in use, one NR3 line each.
std::vector<std::string> range_queries(Dialect dialect);
// One NR3/NR2/NR1 number on its own; nullopt when the line is anything else.
std::optional<double> parse_number(std::string_view line);

// One answer to read_command(): a reading per channel, indexed as channel_table(). `NAN` is
// unavailable, `INF` or any |value| ≥ 9.9E+37 is overrange. An answer with the wrong number of
// fields or a field that is no number is an error text.
std::variant<std::vector<api::Reading>, std::string> parse_values(Dialect dialect,
                                                                  std::string_view line);

// Declared accuracy of active power at 45–66 Hz: ±(of_reading · reading + of_range · range).
struct Accuracy {
    double of_reading = 0.001;
    double of_range = 0.001;
};
Accuracy power_accuracy(Dialect dialect);

}  // namespace wattbench::drivers::yokogawa
