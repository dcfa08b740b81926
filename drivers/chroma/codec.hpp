#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "drivers/api/device.hpp"
#include "drivers/api/reading.hpp"
#include "drivers/chroma/settings.hpp"

namespace wattbench::drivers::chroma {

// Pure encoder/decoder for the Chroma 66202/66203/66204 remote commands: text in, values out.
// Commands are returned without their LF.

// `*IDN?` or `CHANnel:ID?` → `Chroma ATE,66204,66204M000066,1.00,1.00,1.00`, with or without
// the `:CHANNEL:ID ` header. Error text containing "is not a" for a Chroma of another model.
std::variant<api::DeviceIdentity, std::string> parse_identity(const Model& model,
                                                              std::string_view line);

// `CHANnel <n>` on the multi-channel models (FETCh? is channel-specific); none on the 66202.
std::vector<std::string> channel_commands(const Settings& settings);
// UNCONFIRMED range commands (README): `CONF:VOLT:AUTO OFF` + `CONF:VOLT:RANG <V>`, or
// `CONF:VOLT:AUTO ON` for auto; the same for current.
std::vector<std::string> range_commands(const Range& volts, const Range& amps);
std::vector<std::string> range_queries();
// Energy integration (TRIGger:MODE ENERGY, restarted: OFF then ON) and its read-back.
std::vector<std::string> integrator_commands();
std::string integrator_query(int channel);

// The poll's query: `FETC? V,I,W,VA,VAR,PF,FREQ[,ENEG]` (MEAS? for Read::measure).
enum Item : std::size_t {
    item_voltage,
    item_current,
    item_power,
    item_apparent,
    item_reactive,
    item_power_factor,
    item_frequency,
    item_energy,
};
std::size_t item_count(bool energy);
std::string read_query(Read read, bool energy);

// One field: an NR2 number, or a sentinel. -1 (first integration not complete) and -2 (range
// changed during integration) are unavailable, -3 (OVR/OCR/OCP) overrange. A bare `-1`, `-2`,
// `-3` is a sentinel for any item; `-1.00` etc. only for items that cannot be negative (V, I,
// VA, FREQ), since W, VAR, PF and ENEG may really read that.
struct Value {
    double value = 0.0;
    api::Status status = api::Status::ok;
    bool range_change = false;  // the -2 sentinel
};
std::optional<Value> parse_value(std::string_view field, Item item);

// One answer: fields split at `,` or `;`, a header (`:FETCH `, `V `) dropped, LF or CRLF.
std::variant<std::vector<Value>, std::string> parse_answer(std::string_view line, bool energy);

// A range read-back: the last number on the line.
std::optional<double> parse_number(std::string_view line);

}  // namespace wattbench::drivers::chroma
