#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace wattbench::drivers::yokogawa {

// How a model is reached: plain lines (USBTMC, GP-IB gateways, a serial bridge) or the
// WT3000/WT1600 Ethernet protocol (TCP 10001, login, 4-byte block headers).
enum class Link { lines, framed };

// One analyzer model of the WT500/WT1800/WT3000/WT5000 numeric grammar (analyzers.md §6):
// everything that differs between them is data here.
struct WtModel {
    std::string_view driver;       // "yokogawa-wt500"
    std::string_view name;         // "WT500"
    std::string_view description;  // for `wattbench devices`
    Link link;
    std::string_view transports;
    std::string_view example_connection;
    std::uint16_t default_port;  // for tcp:// without one; 0: none
    // *IDN? model field prefixes (case-insensitive) and how many elements a prefix's next
    // digit says the meter has (0: the digit does not say; max_elements applies).
    std::span<const std::string_view> idn_prefixes;
    bool elements_from_digit;
    int max_elements;
    // Function names of the rms voltage and current items; the rest are shared.
    std::string_view voltage_function;
    std::string_view current_function;
    // Limits a profile's fixed ranges must lie within (V, A) and the :RATE values offered (s).
    double volts_min, volts_max, amps_min, amps_max;
    std::span<const double> rates;
};

std::span<const WtModel> wt_models();
const WtModel* find_wt_model(std::string_view driver);

}  // namespace wattbench::drivers::yokogawa
