#pragma once

#include <optional>
#include <string>

#include "drivers/transport/connection.hpp"
#include "drivers/yokogawa/dialect.hpp"

namespace wattbench::drivers::yokogawa {

// A measuring range: nullopt = auto-ranging (SPEC forbids it inside a measured interval).
using Range = std::optional<double>;

// How the meter's data is fetched: once per completed update (`:COMM:WAIT 1` on the
// extended event register's UPD bit, WT300 set) or by plain polling.
enum class Sync { update, poll };

struct Settings {
    Dialect dialect = Dialect::wt300;
    transport::Endpoint endpoint;
    Range voltage_range;                    // V
    Range current_range;                    // A
    bool calibrate = false;                 // ranging = "calibrate": MLPerf rule per warm-up
    int crest_factor = 0;                   // 3 or 6 (:INP:CFAC, WT300 only); 0: leave as is
    Sync sync = Sync::update;               // WT200 always polls
    bool integrate = true;                  // reset and start the energy integrator on open
    std::optional<double> update_interval;  // s; :SAMP:RATE when set
};

std::string describe(const Range& r, const char* unit);

}  // namespace wattbench::drivers::yokogawa
