#pragma once

#include <optional>
#include <string>

#include "drivers/transport/connection.hpp"
#include "drivers/yokogawa/dialect.hpp"

namespace wattbench::drivers::yokogawa {

// A measuring range: nullopt = auto-ranging (SPEC forbids it inside a measured interval).
using Range = std::optional<double>;

struct Settings {
    Dialect dialect = Dialect::wt300;
    transport::Endpoint endpoint;
    Range voltage_range;                    // V
    Range current_range;                    // A
    bool integrate = true;                  // reset and start the energy integrator on open
    std::optional<double> update_interval;  // s; :SAMP:RATE when set
};

std::string describe(const Range& r, const char* unit);

}  // namespace wattbench::drivers::yokogawa
