#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace wattbench::drivers::chroma {

// One Chroma 6620x model: what differs between the models is data here.
struct Model {
    std::string_view driver;       // registry name, e.g. "chroma-66204"
    std::string_view description;  // for `wattbench devices`
    std::string_view idn_model;    // the identity's model field
    int channels = 1;              // measuring channels; >1: one is read, picked by `CHANnel <n>`
    // Current ranges a profile may fix; empty: any up to max_amps. The 66202's are SPEC's
    // accepted ones (PTDaemon 1.11.1 device list: low shunt 0.01/0.1/0.4/2 A, high shunt 20 A).
    std::span<const double> current_ranges;
    double max_amps = 20.0;
    double max_volts = 600.0;
    std::string_view default_connection;
};

std::span<const Model> models();
const Model* find_model(std::string_view driver);

}  // namespace wattbench::drivers::chroma
