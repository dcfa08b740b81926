#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "drivers/api/device.hpp"
#include "drivers/api/reading.hpp"

namespace wattbench::drivers::rohde_schwarz {

// Pure encoder/decoder for the R&S HMC8015 SCPI set (../shared/analyzers.md §3): text in,
// values out. Commands are returned without their LF.

// The functions a poll reads, in the order `CHAN1:MEAS:DATA?` returns them.
enum class Function { urms, irms, p, s, q, lamb, fu, wh };
inline constexpr std::size_t function_count = 8;

std::string_view token(Function f);
std::span<const Function> poll_functions();

// `CHAN1:MEAS:FUNC URMS,IRMS,P,S,Q,LAMB,FU,WH`.
std::string function_command(std::span<const Function> functions);
inline constexpr std::string_view data_query = "CHAN1:MEAS:DATA?";

// `CHAN1:MEAS:FUNC?` read back: true when it lists `functions` in order (spaces, case and long
// forms such as LAMBda tolerated).
bool functions_match(std::string_view line, std::span<const Function> functions);

// One value: 9.91E+37 (RSHMC8015_NAN) and `NAN` are no data; the over-range encoding is
// UNCONFIRMED, so `INF` and any other |x| ≥ 9.9E+37 are taken as over-range.
struct Value {
    api::Status status = api::Status::ok;
    double value = 0.0;
};
std::variant<std::vector<Value>, std::string> parse_values(std::string_view line,
                                                           std::size_t expected);

// `Rohde&Schwarz,HMC8015,012345678,00.011` → identity; nullopt for any other instrument.
std::optional<api::DeviceIdentity> parse_identity(std::string_view line);

// `SYST:ERR?` → the error code (0: no error); nullopt when the line is no such answer.
std::optional<int> parse_error(std::string_view line);

// Range commands in the R&S driver's form (`CHAN1:VOLT:RANG 300`, `CHAN1:CURR:RANG:AUTO 1`) or
// power-overwhelming's (`CHAN1:ACQ:VOLT:RANG …`), which is UNCONFIRMED; nullopt = auto.
enum class RangeForm { plain, acq };
std::vector<std::string> range_commands(RangeForm form, bool volts, std::optional<double> range);
std::string range_query(RangeForm form, bool volts);

// Integrator: manual mode, reset, start (`INT:MODE MAN`, `INT:RES`, `INT:STAR`).
std::vector<std::string> integrator_commands();


}  // namespace wattbench::drivers::rohde_schwarz
