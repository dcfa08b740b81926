#include "drivers/sim/noise.hpp"

namespace wattbench::drivers::sim {

Noise::Noise(std::uint64_t seed) : engine_(seed) {}

double Noise::gaussian(double sd) {
    // Drawn even when unused so that changing one channel's noise leaves the others' sequence
    // alone.
    const double z = normal_(engine_);
    return sd == 0.0 ? 0.0 : z * sd;
}

}  // namespace wattbench::drivers::sim
