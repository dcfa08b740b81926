#pragma once

#include <optional>

#include "drivers/transport/connection.hpp"
#include "drivers/zes/model.hpp"

namespace wattbench::drivers::zes {

// A measuring range: nullopt = the meter's auto-ranging (SPEC forbids it inside a window).
using Range = std::optional<double>;

struct Settings {
    const Model* model = nullptr;
    transport::Endpoint endpoint;
    int channel = 1;              // measuring channel read (LMG6xx: 1…7)
    Range voltage_range;          // V
    Range current_range;          // A
    std::optional<double> cycle;  // s, `cycl`; the meter's own when unset
};

}  // namespace wattbench::drivers::zes
