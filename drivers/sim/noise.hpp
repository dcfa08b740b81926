#pragma once

#include <cstdint>
#include <random>

namespace wattbench::drivers::sim {

// Gaussian measurement noise from a seeded generator, so a fixed seed replays a run exactly.
class Noise {
public:
    explicit Noise(std::uint64_t seed);

    // A draw with mean zero and standard deviation `sd` (exactly zero when sd is zero).
    double gaussian(double sd);

private:
    std::mt19937_64 engine_;
    std::normal_distribution<double> normal_{0.0, 1.0};
};

}  // namespace wattbench::drivers::sim
