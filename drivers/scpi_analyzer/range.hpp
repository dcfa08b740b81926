#pragma once

#include <optional>

namespace wattbench::drivers::scpi_analyzer {

// A measuring range in V or A: nullopt = auto-ranging (SPEC forbids it inside a measured
// interval, so a change then flags the window).
using Range = std::optional<double>;

}  // namespace wattbench::drivers::scpi_analyzer
