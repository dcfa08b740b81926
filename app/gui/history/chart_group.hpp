#pragma once

#include <optional>
#include <string_view>

#include "drivers/api/quantity.hpp"

namespace wattbench::gui::history {

// The live charts, one per kind of figure a review shows over time.
enum class ChartGroup { power, temperature, fan, voltage, sound, load };

inline constexpr ChartGroup kChartGroups[] = {ChartGroup::power, ChartGroup::temperature,
                                              ChartGroup::fan,   ChartGroup::voltage,
                                              ChartGroup::sound, ChartGroup::load};

// Which chart a channel is drawn on; nothing for quantities that are not charted (power
// factor, current, frequency, energy, states).
std::optional<ChartGroup> chart_group(drivers::api::Quantity q);

std::string_view title(ChartGroup g);
std::string_view key(ChartGroup g);  // stable name for settings: "power", "temperature", ...

}  // namespace wattbench::gui::history
