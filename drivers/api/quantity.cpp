#include "drivers/api/quantity.hpp"

#include "drivers/api/enum_text.hpp"

namespace wattbench::drivers::api {

namespace {
constexpr EnumTexts<Quantity, 13> kTexts{{
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
    return text_of(kTexts, q, "other");
}

std::optional<Quantity> quantity_from_string(std::string_view s) {
    return parse(kTexts, s);
}

}  // namespace wattbench::drivers::api
