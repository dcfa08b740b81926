#include "drivers/zes/model.hpp"

#include <array>

namespace wattbench::drivers::zes {
namespace {

// LMG95 facts: RS-232 115200 8N1, EOS CRLF, `syst:lang short` (cuveland/lmgtools lmg95.py).
// LMG670 facts: LAN TCP 5025, EOS LF, `*zlang short` (lmgtools lmg670.py). The LMG450 and
// LMG500 are given the LMG95's language, names and line end: UNCONFIRMED (README).
constexpr std::array<Model, 4> table{{
    {"zes-lmg95", "ZES Zimmer LMG95 power analyzer (short language, streamed)", "LMG95",
     Shape::single, "syst:lang short", "\r\n", "serial:///dev/ttyUSB0?baud=115200&format=8N1", 0,
     115200, 1, 1000.0, 32.0},
    {"zes-lmg450", "ZES Zimmer LMG450 power analyzer, channel 1 (short language, streamed)",
     "LMG450", Shape::single, "syst:lang short", "\r\n",
     "serial:///dev/ttyUSB0?baud=115200&format=8N1", 0, 115200, 1, 1000.0, 32.0},
    {"zes-lmg500", "ZES Zimmer LMG500 power analyzer, channel 1 (short language, streamed)",
     "LMG500", Shape::single, "syst:lang short", "\r\n",
     "serial:///dev/ttyUSB0?baud=115200&format=8N1", 0, 115200, 1, 1000.0, 32.0},
    {"zes-lmg600", "ZES Zimmer LMG6xx (LMG610…LMG671) power analyzer, one channel (streamed)",
     "LMG6", Shape::per_channel, "*zlang short", "\n", "tcp://192.0.2.10:5025", 5025, 115200, 7,
     1000.0, 32.0},
}};

}  // namespace

std::span<const Model> models() {
    return table;
}

const Model* find_model(std::string_view driver) {
    for (const auto& m : table) {
        if (m.driver == driver) {
            return &m;
        }
    }
    return nullptr;
}

}  // namespace wattbench::drivers::zes
