#pragma once

#include <optional>
#include <string_view>

#include "drivers/api/quantity.hpp"

namespace wattbench::chart_style {

// The charts over time, one per kind of figure a review shows: the GUI's live charts and the
// report's time series group channels the same way.
enum class ChartGroup { power, temperature, fan, voltage, sound, load };

inline constexpr ChartGroup kChartGroups[] = {ChartGroup::power, ChartGroup::temperature,
                                              ChartGroup::fan,   ChartGroup::voltage,
                                              ChartGroup::sound, ChartGroup::load};

// Which chart a channel is drawn on; nothing for quantities that are not charted (power
// factor, current, frequency, energy, states).
std::optional<ChartGroup> chart_group(drivers::api::Quantity q);

std::string_view title(ChartGroup g);  // "Temperatures [°C]"
std::string_view key(ChartGroup g);    // stable name for settings and file names: "temperature"

}  // namespace wattbench::chart_style
