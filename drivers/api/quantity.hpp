#pragma once

#include <optional>
#include <string_view>

namespace wattbench::drivers::api {

// What a channel measures. Core uses it to pick averaging rules, report rows and chart groups,
// so a driver never has to know how its numbers are presented.
enum class Quantity {
    power,
    apparent_power,
    power_factor,
    voltage,
    current,
    frequency,
    energy,
    temperature,
    fan,
    sound,
    utilisation,
    state,
    other,
};

std::string_view to_string(Quantity q);
std::optional<Quantity> quantity_from_string(std::string_view s);

}  // namespace wattbench::drivers::api
