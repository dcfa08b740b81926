#pragma once

#include <optional>

#include "drivers/chroma/model.hpp"
#include "drivers/transport/connection.hpp"

namespace wattbench::drivers::chroma {

// A measuring range: nullopt = the meter's auto-ranging (SPEC forbids it inside a window).
using Range = std::optional<double>;

// FETCh? returns the last acquired values; MEASure? acquires new ones first.
enum class Read { fetch, measure };

struct Settings {
    const Model* model = nullptr;
    transport::Endpoint endpoint;
    int channel = 1;
    Range voltage_range;  // V
    Range current_range;  // A
    Read read = Read::fetch;
    bool integrate = true;  // start the energy integration on open and read ENEG
};

}  // namespace wattbench::drivers::chroma
