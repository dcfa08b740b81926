#include "drivers/scpi_analyzer/item.hpp"

#include <array>

namespace wattbench::drivers::scpi_analyzer {

std::string_view item_name(Item item) {
    switch (item) {
        case Item::power:
            return "power";
        case Item::apparent_power:
            return "apparent_power";
        case Item::reactive_power:
            return "reactive_power";
        case Item::power_factor:
            return "power_factor";
        case Item::voltage:
            return "voltage";
        case Item::current:
            return "current";
        case Item::frequency:
            return "frequency";
        case Item::energy:
            return "energy";
    }
    return "?";
}

std::string_view numeric_function(Item item) {
    constexpr std::array<std::string_view, item_count> names = {"P", "S", "Q",  "LAMBDA",
                                                                "U", "I", "FU", "WH"};
    const auto i = static_cast<std::size_t>(item);
    return i < names.size() ? names[i] : "";
}

}  // namespace wattbench::drivers::scpi_analyzer
