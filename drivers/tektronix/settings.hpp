#pragma once

#include <optional>

#include "drivers/tektronix/model.hpp"
#include "drivers/transport/connection.hpp"

namespace wattbench::drivers::tektronix {

// A range as a code into the model's table (1-based); nullopt = auto-ranging.
using RangeCode = std::optional<int>;

struct Settings {
    const Model* model = nullptr;
    transport::Endpoint endpoint;
    RangeCode voltage_range;
    RangeCode current_range;
    bool calibrate = false;    // ranging = "calibrate": MLPerf rule per warm-up
    bool integrate = true;     // reset and start the integrator on open
    double command_gap = 0.5;  // s between configuration commands (PA1000/PA3000 manuals)
};

}  // namespace wattbench::drivers::tektronix
