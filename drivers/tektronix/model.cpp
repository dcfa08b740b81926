#include "drivers/tektronix/model.hpp"

#include <array>

namespace wattbench::drivers::tektronix {
namespace {

// UNCONFIRMED: the PA1000 front-panel ranges as commonly listed (15…600 V, and the 20 A shunt's
// 0.1…20 A); the PM1000+ text gives only the end points of its own codes.
constexpr std::array<double, 6> volts = {15, 30, 60, 150, 300, 600};
constexpr std::array<double, 8> amps = {0.1, 0.2, 0.5, 1, 2, 5, 10, 20};

constexpr std::array<Model, 2> table = {{
    {"tektronix-pa1000", "Tektronix PA1000 power analyzer", "PA1000", volts, amps, 5025},
    // Element 1 only: the facts give no command that addresses a PA3000 channel.
    {"tektronix-pa3000", "Tektronix PA3000 power analyzer (channel 1)", "PA3000", volts, amps,
     5025},
}};

}  // namespace

std::span<const Model> models() {
    return table;
}

}  // namespace wattbench::drivers::tektronix
