#pragma once

#include <array>
#include <cstddef>
#include <string_view>

namespace wattbench::drivers::scpi_analyzer {

// What an analyzer reads per element, in channel order. The names are the WT310's channel
// names (issue 14); element 1 keeps them unsuffixed, element n > 1 appends `_n`, the sum
// element `_sigma`.
enum class Item : std::size_t {
    power,
    apparent_power,
    reactive_power,
    power_factor,
    voltage,
    current,
    frequency,
    energy,
};
inline constexpr std::size_t item_count = 8;
inline constexpr std::array<Item, item_count> all_items = {
    Item::power,   Item::apparent_power, Item::reactive_power, Item::power_factor,
    Item::voltage, Item::current,        Item::frequency,      Item::energy};

std::string_view item_name(Item item);
// The function names of Yokogawa's `:NUMERIC:NORMAL:ITEMn`, which GW Instek's meters copy:
// P, S, Q, LAMBDA, U, I, FU and WH (Yokogawa's older sets also say URMS and IRMS).
std::string_view numeric_function(Item item);

// The sum element (Σ, `SIGMA`) in an element argument; real elements count from 1.
inline constexpr int sigma = 0;

}  // namespace wattbench::drivers::scpi_analyzer
