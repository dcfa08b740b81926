#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "drivers/api/channel_spec.hpp"
#include "drivers/api/device.hpp"
#include "drivers/api/reading.hpp"
#include "drivers/yokogawa/wt_settings.hpp"

namespace wattbench::drivers::yokogawa {

// Pure codec of the WT500/WT1800/WT3000/WT5000 numeric grammar (analyzers.md §6): numeric
// items with a mandatory element, per-element ranges, :RATE, the integrator. Commands come
// without their terminator.

// Per element read: these channels, in this order (Σ has no frequency of its own).
enum class WtQuantity {
    power,
    apparent_power,
    reactive_power,
    power_factor,
    voltage,
    current,
    frequency,
    energy
};

struct WtItem {
    WtQuantity quantity;
    int element;
    std::string function;  // P, S, Q, LAMBDA, URMS or U, …
};

// The items and the channel table they fill, index for index: element 1 has the WT310's
// names (`power`, …, plus `reactive_power`), element k `power_k`, Σ `power_sigma`.
std::vector<WtItem> wt_items(const WtSettings& settings);
std::vector<api::ChannelSpec> wt_channels(const WtSettings& settings);

// `*IDN?` → identity, or an error text when the answer is not this model. Also the element
// count the model code says (0: it does not say).
struct WtIdentity {
    api::DeviceIdentity identity;
    int elements = 0;
};
std::variant<WtIdentity, std::string> parse_wt_identity(const WtModel& model,
                                                        std::string_view line);

std::vector<std::string> wt_greeting_commands();
std::vector<std::string> wt_setup_commands(const WtSettings& settings);
// Auto or fixed ranges on every element read (Σ has no range of its own).
std::vector<std::string> wt_range_commands(const WtSettings& settings, const Range& volts,
                                           const Range& amps);
// Per element read: the voltage then the current range query.
std::vector<std::string> wt_range_queries(const WtSettings& settings);
std::string wt_read_command();
// `:RATE 500MS`, `:RATE 2S`.
std::string rate_command(double seconds);

// One value field: NR1/NR2/NR3, `NAN` (and the FLOat sentinel 9.91E+37) unavailable, `INF`
// (and 9.9E+37 or beyond) overrange. False when the field is no number at all. Without
// `no_data_sentinel` (the WT300/WT200 sets) 9.91E+37 is over-range too.
bool decode_wt_field(std::string_view field, api::Reading& out, bool no_data_sentinel = true);
// A query's answer holding one number, with or without its header (`:RATE 500.0E-03`).
std::optional<double> parse_wt_number(std::string_view line);

// One answer to wt_read_command(), `expected` fields; readings indexed 0…expected-1.
std::variant<std::vector<api::Reading>, std::string> parse_wt_values(std::string_view line,
                                                                     std::size_t expected);

}  // namespace wattbench::drivers::yokogawa
