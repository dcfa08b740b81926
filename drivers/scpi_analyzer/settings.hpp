#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "drivers/scpi_analyzer/range.hpp"
#include "drivers/transport/connection.hpp"

namespace wattbench::drivers::scpi_analyzer {

// A device's profile keys, validated against its model (settings_parser.hpp).
struct Settings {
    transport::Endpoint endpoint;
    Range voltage_range;                    // V; nullopt: auto
    Range current_range;                    // A; nullopt: auto
    bool calibrate = false;                 // ranging = "calibrate": MLPerf rule per warm-up
    bool integrate = true;                  // reset and start the energy integrator on open
    std::optional<double> update_interval;  // s; set at open when given
    std::optional<double> command_gap;      // s; the dialect's Quirks::command_gap when none
    // Elements read (1…n, `sigma` = 0), from the `elements` key; empty: every element and Σ.
    std::vector<int> elements;
    int channel = 1;            // the input read, from the `channel` key (Model::channels)
    std::size_t read_mode = 0;  // Dialect::read_modes index, from the `read` key
};

}  // namespace wattbench::drivers::scpi_analyzer
