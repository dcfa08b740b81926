#pragma once

#include <optional>
#include <string>

#include "drivers/api/reading.hpp"

namespace wattbench::drivers::sound {

// A sound level meter's measuring range in dB. Outside it the display shows "OVER"/"UNDER"
// and the number is not a level.
struct LevelRange {
    double low = 30.0;
    double high = 130.0;

    std::string text() const;     // "30–80 dB"
    std::string setting() const;  // "30-80", as the profile's `range` key writes it
};

// The reading of the `spl` channel (index `channel`) for a level: ok inside the range, else
// status overrange with the text "over range (30–80 dB)" or "under range (30–80 dB)" (samples.csv
// has one out-of-range status; the text tells which side). No range known: ok.
api::Reading level_reading(std::size_t channel, double db, std::optional<LevelRange> range);

}  // namespace wattbench::drivers::sound
