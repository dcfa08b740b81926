#pragma once

#include <cstdint>
#include <string>

#include "drivers/sim/faults.hpp"
#include "drivers/sim/kind.hpp"
#include "drivers/sim/model.hpp"

namespace wattbench::drivers::sim {

enum class Weighting { a, c };

// A sim device's configuration after validation.
struct Settings {
    Kind kind = Kind::wattmeter;
    std::uint64_t seed = 0;
    ModelParams model;
    double noise = 0.01;  // relative sd of power; every other channel's noise scales with it
    std::string proc_stat = "/proc/stat";
    Weighting weighting = Weighting::a;
    Faults faults;
};

}  // namespace wattbench::drivers::sim
