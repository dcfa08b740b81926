#pragma once

#include <optional>
#include <variant>

#include "drivers/api/device_error.hpp"

namespace wattbench::drivers::sim {

struct CpuUse {
    double utilisation = 0.0;  // 0…1 over all logical CPUs
    unsigned logical_cpus = 1;

    double busy_cpus() const { return utilisation * logical_cpus; }
};

// Where the model learns how busy the machine is. Behind an interface so tests set the load
// instead of generating it.
class CpuLoad {
public:
    virtual ~CpuLoad() = default;

    // Takes the baseline the first sample is measured against.
    virtual std::optional<api::DeviceError> start() = 0;

    // CPU use since the previous sample (or since start()).
    virtual std::variant<CpuUse, api::DeviceError> sample() = 0;
};

}  // namespace wattbench::drivers::sim
