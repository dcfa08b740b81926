#pragma once

#include <optional>
#include <string_view>

#include "drivers/sound/settings.hpp"

namespace wattbench::drivers::sound {

// A part for api::factory_for: the `range` key (take_range), for a meter whose measuring range
// can be chosen. `choices` must outlive the factory (a string literal).
inline auto range_part(std::optional<int> (*code_of)(std::string_view), std::string_view choices) {
    return
        [code_of, choices](api::Options& options) { return take_range(options, code_of, choices); };
}

}  // namespace wattbench::drivers::sound
