#include "drivers/api/quantity.hpp"

#include <array>
#include <utility>

namespace wattbench::drivers::api {

namespace {
constexpr std::array<std::pair<Quantity, std::string_view>, 13> kNames{{
    {Quantity::power, "power"},
    {Quantity::apparent_power, "apparent_power"},
    {Quantity::power_factor, "power_factor"},
    {Quantity::voltage, "voltage"},
    {Quantity::current, "current"},
    {Quantity::frequency, "frequency"},
    {Quantity::energy, "energy"},
    {Quantity::temperature, "temperature"},
    {Quantity::fan, "fan"},
    {Quantity::sound, "sound"},
    {Quantity::utilisation, "utilisation"},
    {Quantity::state, "state"},
    {Quantity::other, "other"},
}};
}  // namespace

std::string_view to_string(Quantity q) {
    for (const auto& [k, n] : kNames) {
        if (k == q) {
            return n;
        }
    }
    return "other";
}

std::optional<Quantity> quantity_from_string(std::string_view s) {
    for (const auto& [k, n] : kNames) {
        if (n == s) {
            return k;
        }
    }
    return std::nullopt;
}

}  // namespace wattbench::drivers::api
