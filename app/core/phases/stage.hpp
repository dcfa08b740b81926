#pragma once

#include <optional>
#include <string_view>

namespace wattbench::core::phases {

// Where in a phase a reading was taken. Only `window` readings enter the statistics.
enum class Stage { between, warmup, window };

std::string_view to_string(Stage s);
std::optional<Stage> stage_from_string(std::string_view s);

}  // namespace wattbench::core::phases
