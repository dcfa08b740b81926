#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "drivers/api/usb_model.hpp"
#include "drivers/scpi_analyzer/dialect.hpp"
#include "drivers/transport/connection.hpp"

namespace wattbench::drivers::scpi_analyzer {

// Declared power accuracy ±(of_reading · |reading| + of_range · range), as fractions
// (0.1 % = 0.001); the power range is the product of the voltage and current ranges.
struct PowerAccuracy {
    double of_reading = 0.0;
    double of_range = 0.0;
};

// Bounds of a fixed range where the steps between them are not known (V or A).
struct RangeLimits {
    double min = 0.0;
    double max = 0.0;
};

// One instrument model: a table entry. Adding a model of an existing family is one of these.
struct Model {
    std::string driver;       // registry name, e.g. "hioki-pw3335"
    std::string description;  // for `wattbench devices`
    const Dialect* dialect = nullptr;
    // `*IDN?` model fields that are this model, compared case-insensitively with spaces
    // ignored ("PW3335", "760201"); a field that starts with one matches ("WT1806E-…").
    std::vector<std::string> identity_models;
    int elements = 1;    // channels per quantity; 2+ gives `power_2`, … (element 1 unsuffixed)
    bool sigma = false;  // a sum element (`power_sigma`, …) where the dialect spells one
    std::vector<double> voltage_ranges;     // V, ascending; empty = the family cannot fix them
    std::vector<double> current_ranges;     // A, ascending
    std::optional<PowerAccuracy> accuracy;  // nullopt: the vendor publishes none we know
    std::vector<double> update_intervals;   // s; empty: update_interval is refused
    std::uint16_t tcp_port = 0;             // tcp://HOST without a port takes this; 0: none
    transport::SerialSettings serial;       // serial:// without ?baud=… takes these
    std::vector<api::UsbModel> usb;         // USBTMC or CDC adapter IDs, for `devices --scan`
    int ptdaemon_device = 0;                // SPEC PTDaemon device number; 0: none
    std::string example_connection;         // shown by `wattbench devices`
    std::string transports = "tcp, serial";
    // Where the family can fix ranges but the model's steps are not known (Yokogawa WT500…):
    // a fixed range within these is accepted as given and read back; `calibrate` still needs
    // the tables above. nullopt: only the tables count.
    std::optional<RangeLimits> voltage_limits;
    std::optional<RangeLimits> current_limits;
    // Elements read when the profile has no `elements` key (1…n, `sigma`); empty: all and Σ.
    std::vector<int> default_elements;
    // Inputs of which the `channel` key picks the one read (LMG6xx 1…7, Chroma 66204 1…4);
    // 0: no `channel` key. The dialect spells the number through `channel_mark`.
    int channels = 0;
    // A continuous span of update intervals (s) accepted besides `update_intervals`; 0: none.
    double min_update_interval = 0.0;
    double max_update_interval = 0.0;
};

}  // namespace wattbench::drivers::scpi_analyzer
